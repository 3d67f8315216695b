/**
 * The steps of an upload or a delete after which the crash server (crash-server.ts) kills itself. Apart from
 * it, so a test can name them without importing the server, which starts on import.
 */
export const CRASH_STEPS = ['reserve', 'original', 'thumb', 'insert', 'settle', 'delete'] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];
