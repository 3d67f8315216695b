import {
  LANDING_JS_BUDGET_BYTES,
  kb,
  scriptsLoadedBy,
  totalGzipBytes as total,
} from '../e2e/support/initial-js';
import { noChromium, openBrowser, startAppServer } from './support/resources';
import type { Bench, BenchRow } from './types';

/** Initial JavaScript of the landing page (`/`, a visitor) and of the workspace (`/app`), gzip bytes. */
export const initialJsBench: Bench = {
  name: 'js',
  async run() {
    const skipped = noChromium();
    if (skipped) return skipped;
    const server = await startAppServer();
    try {
      const { browser, close } = await openBrowser();
      const landing = await scriptsLoadedBy(browser, server.url, '/');
      const app = await scriptsLoadedBy(browser, server.url, '/app');
      await close();
      const extra = app.filter((s) => !landing.includes(s));
      const landingBytes = total(landing);
      const rows: BenchRow[] = [
        {
          figure: `landing / initial JS, gzip (${landing.length} files)`,
          value: kb(landingBytes),
          target: `<= ${kb(LANDING_JS_BUDGET_BYTES)}`,
          ok: landingBytes <= LANDING_JS_BUDGET_BYTES,
          data: { bytes: landingBytes, files: landing.join(' ') },
        },
        {
          figure: `workspace /app initial JS, gzip (${app.length} files)`,
          value: kb(total(app)),
          data: { bytes: total(app), files: app.join(' ') },
        },
        {
          figure: `  of which not loaded by the landing (${extra.length} files)`,
          value: kb(total(extra)),
          data: { bytes: total(extra), files: extra.join(' ') },
        },
      ];
      return rows;
    } finally {
      await server.stop();
    }
  },
};
