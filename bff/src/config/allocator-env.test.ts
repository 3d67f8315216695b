import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allocatorEnvPrefix } from './allocator-env';

describe('allocator settings of the server processes', () => {
  it('are set by every npm script that starts a server or a worker', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // They run the compiled BFF (npm run build:bff), so nothing transpiles TypeScript at start-up.
    for (const name of ['start', 'serve', 'worker'])
      expect(pkg.scripts[name], name).toContain(`${allocatorEnvPrefix()} node dist/bff/`);
  });
});
