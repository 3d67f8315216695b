import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));
const appEntry = fileURLToPath(new URL('./pwa/src/main.tsx', import.meta.url));
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

/** The page the server sends a visitor for `/`: index.html with the landing page already in #root. */
const LANDING_HTML = 'landing.html';
const ROOT_ELEMENT = '<div id="root"></div>';
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * Writes landing.html: index.html with the app at `/` for a visitor rendered into #root by `render`
 * (a module exporting `renderLanding(): Promise<string>`, made with react-dom/static, built here for
 * Node), and `entry` as its only script, which loads the app after the first paint (the app then
 * hydrates the page).
 * Written after the client build, before the precompress step gives it its .br and .gz. The markup has
 * no scripts (the CSP allows none inline).
 */
function prerenderLanding({ render, entry }: { render: string; entry: string }): Plugin {
  let entryRef = '';
  return {
    name: 'stagely-prerender-landing',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    buildStart() {
      entryRef = this.emitFile({ type: 'chunk', id: path.resolve(this.environment.config.root, entry) });
    },
    async writeBundle(output, bundle) {
      const template = bundle['index.html'];
      if (template?.type !== 'asset' || !output.dir) throw new Error('prerender: no index.html was built');
      const html = String(template.source);
      if (!html.includes(ROOT_ELEMENT) || !html.includes('<script type="module"'))
        throw new Error('prerender: index.html has no empty #root or no module script');
      const { root, resolve, mode, define } = this.environment.config;
      // Inside the project, so the bundle's imports of react, react-dom etc. resolve from node_modules.
      const serverDir = path.resolve(output.dir, '..', '.prerender');
      try {
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          resolve: { alias: resolve.alias },
          define,
          plugins: [zodJitless(), react()],
          build: { ssr: render, outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const module = pathToFileURL(path.join(serverDir, `${path.parse(render).name}.js`)).href;
        // A process of its own: timers the app starts while rendering must not keep the build running.
        const markup = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { renderLanding } = await import(${JSON.stringify(module)});
             const markup = await renderLanding();
             process.stdout.write(markup, () => process.exit(0));`,
          ],
          { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
        );
        if (!markup.includes('<h1')) throw new Error('prerender: the landing page rendered no heading');
        if (markup.includes('<script'))
          throw new Error('prerender: the landing page has a script (CSP: none inline)');
        // The app's tags wait, inert, for `entry` to add them (its APP_SCRIPTS_ID).
        const appScripts = html.match(APP_SCRIPTS)?.join('') ?? '';
        const tags = `<template id="app-scripts">${appScripts}</template>
    <script type="module" crossorigin src="/${this.getFileName(entryRef)}"></script>`;
        const landing = html
          .replace(APP_SCRIPTS, '')
          .replace('</head>', `\n    ${tags}\n  </head>`)
          .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
        writeFileSync(path.join(output.dir, LANDING_HTML), landing);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production', import.meta.url),
);

/** Our modules have no import-time side effects but these, so unused exports (and their imports) drop out. */
const hasSideEffects = (id: string) =>
  !(id.includes('/pwa/src/') || id.includes('/shared/src/')) || id === zodConfig || /\.css($|\?)/.test(id);

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  resolve: {
    alias: [
      { find: '@shared', replacement: sharedDir },
      // react-router's package exports only its development build (warnings, dev checks) to bundlers.
      { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
    ],
  },
  // The landing page is rendered at build time: a year taken in the browser would not match it next January.
  define: { __BUILD_YEAR__: String(new Date().getFullYear()) },
  plugins: [
    zodJitless(),
    react(),
    tailwindcss(),
    prerenderLanding({ render: 'src/prerender.tsx', entry: 'src/landing-entry.ts' }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest,
      includeManifestIcons: true,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,webp,avif,svg,woff2}'],
        // Manifest screenshots are for the install dialog, not for working offline; offline, every page
        // (the landing too) opens from index.html.
        globIgnores: ['screenshots/**', LANDING_HTML],
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
        manualChunks: (id) => {
          // zod's config must run when zod itself loads, before any chunk builds schemas (CSP: no eval).
          if (id.includes('/node_modules/zod/') || id.endsWith('/lib/zod-config.ts')) return 'zod';
          // The entry's chunk takes every module the entry loads (react, query-core, the API client...):
          // left alone, those the lazy chunks share too become small chunks of their own, each gzipped
          // apart, and a visitor's first visit downloaded about 4 KB gzip more for them.
          return id === appEntry ? 'index' : undefined;
        },
      },
    },
    outDir: '../dist/pwa',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself: the polyfill was 0.2 KB of the landing's JS.
    modulePreload: { polyfill: false },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false } },
  },
});
