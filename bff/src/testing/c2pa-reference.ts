import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import init, { WasmReader } from '@contentauth/c2pa-wasm';

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
    }[];
    assertions?: { label: string; data: unknown }[];
  };
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
      validation_results?: {
        activeManifest?: { success: { code: string }[]; failure: { code: string }[] };
      };
    };
    const active = store.validation_results?.activeManifest;
    return {
      state: store.validation_state,
      failures: (active?.failure ?? []).map((f) => f.code),
      successes: (active?.success ?? []).map((f) => f.code),
      manifest: reader.activeManifest() as ReferenceReading['manifest'],
    };
  } finally {
    reader.free();
  }
}
