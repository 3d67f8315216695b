import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import init, { WasmReader } from '@contentauth/c2pa-wasm';
import sharp from 'sharp';

/** Grey levels a marked copy may differ by on average (the watermark is 1-2, a JPEG pass about 1). */
const MAX_MEAN_DIFF = 3;

/** What the reference reader (c2pa-rs) says of a file: its verdict, failures and active manifest. */
export interface ReferenceReading {
  /** 'Trusted', 'Valid' or 'Invalid'. */
  state: string;
  /** Failure codes, trust aside ('signingCredential.untrusted' is only the self-issued certificate). */
  failures: string[];
  /** Success codes ('assertion.dataHash.match'...). */
  successes: string[];
  manifest: {
    ingredients?: {
      relationship: string;
      title?: string;
      instance_id?: string;
      informational_URI?: string;
      /** The label of the ingredient's own manifest, when it came with one kept in this store. */
      active_manifest?: string;
      validation_results?: { activeManifest?: { failure?: { code: string }[] } };
    }[];
    assertions?: { label: string; data: unknown }[];
  };
  /** Success codes of the ingredients' own manifests ('ingredient.manifest.validated'...). */
  ingredientSuccesses: string[];
  /** Every manifest of the store by label (the active one and those its ingredients brought). */
  manifests: Record<string, { claim_generator_info?: { name?: string }[] }>;
}

let ready: Promise<unknown> | null = null;
const wasmFile = () => createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');

/** Reads `data`'s C2PA manifest with c2pa-rs (as wasm), as a compliance desk's tools would. */
export async function referenceRead(data: Uint8Array, format = 'image/jpeg'): Promise<ReferenceReading> {
  ready ??= readFile(wasmFile()).then((module_or_path) => init({ module_or_path }));
  await ready;
  const reader = await WasmReader.fromBytes(format, data);
  try {
    const store = JSON.parse(reader.json()) as {
      validation_state: string;
      manifests?: ReferenceReading['manifests'];
      validation_results?: {
        activeManifest?: { success: { code: string }[]; failure: { code: string }[] };
        ingredientDeltas?: { validationDeltas: { success: { code: string }[] } }[];
      };
    };
    const active = store.validation_results?.activeManifest;
    return {
      state: store.validation_state,
      failures: (active?.failure ?? []).map((f) => f.code),
      successes: (active?.success ?? []).map((f) => f.code),
      manifest: reader.activeManifest() as ReferenceReading['manifest'],
      manifests: store.manifests ?? {},
      ingredientSuccesses: (store.validation_results?.ingredientDeltas ?? []).flatMap((d) =>
        d.validationDeltas.success.map((s) => s.code),
      ),
    };
  } finally {
    reader.free();
  }
}

const pixels = (data: Buffer) => sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/**
 * Whether `shown` is `own` as handed out: the same picture (within the watermark's few grey levels and one
 * more JPEG pass) carrying a manifest the reference reader finds valid.
 */
export async function isMarkedCopy(shown: Buffer, own: Buffer): Promise<boolean> {
  const [a, b] = await Promise.all([pixels(shown), pixels(own)]);
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) return false;
  let diff = 0;
  for (let i = 0; i < a.data.length; i++) diff += Math.abs(a.data[i]! - b.data[i]!);
  return diff / a.data.length < MAX_MEAN_DIFF && (await referenceRead(shown)).state === 'Valid';
}
