/**
 * glibc's allocator settings for a long-running server that decodes photos: few malloc arenas, and
 * large blocks (decoded images) always mapped on their own so they go back to the system when freed
 * instead of fragmenting the heap. glibc reads them at process start, so `npm start`, `npm run serve`
 * and `npm run worker` set them on the command line (package.json; a test keeps the two in step).
 */
export const ALLOCATOR_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;

/** `NAME=value ...` as the npm scripts write it. */
export const allocatorEnvPrefix = () =>
  Object.entries(ALLOCATOR_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
