import { z } from 'zod';

// zod's JIT probes `new Function`, which our CSP (no 'unsafe-eval') reports as a violation.
z.config({ jitless: true });
