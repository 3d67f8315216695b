import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));
// The dev server proxies /api to the BFF started by scripts/dev.mjs.
const bffPort = process.env.BFF_PORT ?? '8081';

const manifestFile = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/** The manifest lives at the repo top; serve it in dev and emit it into the build. */
function webManifest(): Plugin {
  return {
    name: 'stagely-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(manifestFile));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync(manifestFile, 'utf8'),
      });
    },
  };
}

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  resolve: { alias: { '@shared': sharedDir } },
  plugins: [react(), tailwindcss(), webManifest()],
  build: {
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
