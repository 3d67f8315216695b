import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));
const zodConfig = fileURLToPath(new URL('./pwa/src/lib/zod-config.ts', import.meta.url));
// The dev server proxies /api to the BFF started by scripts/dev.mjs.
const bffPort = process.env.BFF_PORT ?? '8081';

// The manifest lives at the repo top (one source); vite-plugin-pwa emits it and links it.
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('./manifest.webmanifest', import.meta.url)), 'utf8'),
) as Partial<ManifestOptions>;

/** Writes .br and .gz beside every text asset so the BFF serves them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stagely-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Every `import 'zod'` of the app gets zod through lib/zod-config, which switches zod's JIT off before any
 * schema exists (its `new Function` probe is a CSP violation), wherever zod first loads: no eager import.
 */
function zodJitless(): Plugin {
  return {
    name: 'stagely-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || importer === zodConfig) return null;
      return zodConfig;
    },
  };
}

/** Our modules have no import-time side effects but these, so unused exports (and their imports) drop out. */
const hasSideEffects = (id: string) =>
  !(id.includes('/pwa/src/') || id.includes('/shared/src/')) || id === zodConfig || /\.css($|\?)/.test(id);

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  resolve: { alias: { '@shared': sharedDir } },
  plugins: [
    zodJitless(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest,
      includeManifestIcons: true,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,webp,avif,svg,woff2}'],
        // Manifest screenshots are for the install dialog, not for working offline.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    rollupOptions: {
      treeshake: { moduleSideEffects: hasSideEffects },
      output: {
        // zod's config must run when zod itself loads, before any chunk builds schemas (CSP: no eval).
        manualChunks: (id) =>
          id.includes('/node_modules/zod/') || id.endsWith('/lib/zod-config.ts') ? 'zod' : undefined,
      },
    },
    outDir: '../dist/pwa',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false } },
  },
});
