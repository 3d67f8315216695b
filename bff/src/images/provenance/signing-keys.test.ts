import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createProvenanceMarker } from './marker';
import { provenanceReport } from './provenance-report';
import { makeSelfIssued } from './self-issued';
import { C2PA_KEYS_FILE, loadSigningKeys } from './signing-keys';

const image = (original: Buffer, code: string | null) => ({
  original: { data: original, contentType: 'image/jpeg', title: 'original.jpg' },
  made: 'composite' as const,
  disclosure: 'Virtually staged',
  originalUrl: code ? `https://stagely.example/o/${code}` : null,
  code,
  agent: { name: 'Stagely', version: '0.0.0', engine: 'preview', model: null },
});

describe('C2PA signing keys', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const configIn = async (env: Record<string, string> = {}) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-c2pa-'));
    return loadConfig({ DATA_DIR: dir, ...env });
  };

  it('are made once into DATA_DIR (owner-only), the same after a restart and when two start at once', async () => {
    const config = await configIn();
    const [first, second] = await Promise.all([loadSigningKeys(config), loadSigningKeys(config)]);
    expect(second).toEqual(first);
    expect(first.selfIssued).toBe(true);
    expect((await stat(path.join(dir, C2PA_KEYS_FILE))).mode & 0o777).toBe(0o600);
    expect(await loadSigningKeys(config)).toEqual(first);
  });

  it('come from C2PA_KEY and C2PA_CERT (one line with \\n works), whose files then read as valid', async () => {
    const made = await makeSelfIssued('Brokerage');
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
    const config = await configIn({ C2PA_KEY: oneLine(made.keyPem), C2PA_CERT: oneLine(made.certPem) });
    const keys = await loadSigningKeys(config);
    expect(keys.selfIssued).toBe(false);
    await expect(stat(path.join(dir, C2PA_KEYS_FILE))).rejects.toThrow();
    const marker = await createProvenanceMarker(keys);
    const photo = await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#9a8470' } })
      .jpeg()
      .toBuffer();
    const marked = await marker.mark(photo, image(photo, 'abcdefghjk'));
    expect(await marker.read(marked)).toEqual({ c2pa: 'valid', watermark: { code: 'abcdefghjk' } });
    // The report of `npm run provenance:check` says the same in words.
    const file = path.join(dir, 'copy.jpg');
    await writeFile(file, marked);
    const report = await provenanceReport(file, { certPem: config.C2PA_CERT, origin: 'https://x.example' });
    expect(report.ok).toBe(true);
    expect(report.lines.join('\n')).toMatch(/by the configured certificate[\s\S]*x\.example\/o\/abcdefghjk/);
    await writeFile(file, photo);
    expect((await provenanceReport(file, { certPem: undefined, origin: 'https://x.example' })).ok).toBe(
      false,
    );
  });

  it('refuse half a pair and text that is not PEM', async () => {
    await expect(configIn({ C2PA_KEY: (await makeSelfIssued('X')).keyPem })).rejects.toThrow(ConfigError);
    await expect(configIn({ C2PA_KEY: 'secret', C2PA_CERT: 'cert' })).rejects.toThrow(
      /C2PA_KEY: must be a PEM private key[\s\S]*C2PA_CERT: must be PEM certificates/,
    );
  });
});
