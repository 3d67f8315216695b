import { describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import {
  LANDING_JS_BUDGET_BYTES,
  gzipBytes,
  kb,
  scriptsLoadedBy,
  totalGzipBytes,
} from './support/initial-js';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('landing JavaScript budget (the production build)', () => {
  const app = useServerAndBrowser();

  it(`a visitor's first visit to / loads at most ${kb(LANDING_JS_BUDGET_BYTES)} of gzip JavaScript`, async () => {
    const scripts = await scriptsLoadedBy(app.browser, app.server.url, '/');
    const bytes = totalGzipBytes(scripts);
    const files = scripts.map((s) => `${s} ${kb(gzipBytes(s))}`).join(', ');
    expect(scripts.length).toBeGreaterThan(0);
    expect(bytes, `landing loads ${kb(bytes)} of gzip JavaScript: ${files}`).toBeLessThanOrEqual(
      LANDING_JS_BUDGET_BYTES,
    );
  });
});
