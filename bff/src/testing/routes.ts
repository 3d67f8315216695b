import type { ApiRoute } from '@shared/api';

/** Values for the `{name}` segments of registry paths; tests pass real ids where the route must find something. */
export type PathValues = Record<string, string>;

/** A registry path (`/api/projects/{id}`) as a URL path, with each segment filled in. */
export function concretePath(path: string, values: PathValues = {}): string {
  const filled: Record<string, string> = {
    id: 'no-such-id',
    provider: 'oidc',
    kind: 'original',
    ...values,
  };
  // A segment added later (a share token, say) gets a value that matches nothing.
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(filled[name] ?? `no-such-${name}`),
  );
}

export const routeName = (r: Pick<ApiRoute, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`;

/** A body sent chunked (no Content-Length), so only counting bytes as they arrive can catch its size. */
export function streamOf(data: Buffer, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= data.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(data.subarray(offset, offset + chunkBytes)));
      offset += chunkBytes;
    },
  });
}
