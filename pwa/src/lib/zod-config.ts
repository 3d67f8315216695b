import { z } from 'zod';

// zod's JIT probes `new Function`, which our CSP (no 'unsafe-eval') reports as a violation. The build
// (vite.config.ts) routes every `import 'zod'` through this module, so this runs before any schema exists.
z.config({ jitless: true });

export * from 'zod';
