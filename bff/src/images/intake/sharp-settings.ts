import sharp from 'sharp';

/**
 * A server decodes each photo once: libvips' operation cache only holds memory, so it is off. Thread
 * use stays at sharp's own choice (one thread per operation where glibc's allocator is detected).
 */
export function configureSharpForServer(): void {
  sharp.cache(false);
}
