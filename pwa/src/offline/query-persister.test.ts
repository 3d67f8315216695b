import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepLastGood, persistOptions } from './query-persister';

describe('persisted query cache', () => {
  it('keeps the last user and projects when a refetch failed (a flaky reconnect), stored as good data', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['/api/auth/user'], { id: 'u1' });
    client.setQueryData(['/api/projects'], [{ id: 'p1' }]);
    await client
      .fetchQuery({
        queryKey: ['/api/auth/user'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['/api/other'], queryFn: () => Promise.resolve(1) });
    expect(client.getQueryState(['/api/auth/user'])?.status).toBe('error');

    const options = persistOptions();
    // The persist client bundles its own copy of query-core types; the options are the same at runtime.
    const state = dehydrate(client, options.dehydrateOptions as Parameters<typeof dehydrate>[1]);
    const kept = keepLastGood({ timestamp: 1, buster: 'v1', clientState: state });
    expect(kept.clientState.queries.map((q) => [q.queryKey[0], q.state.status, q.state.data])).toEqual([
      ['/api/auth/user', 'success', { id: 'u1' }],
      ['/api/projects', 'success', [{ id: 'p1' }]],
    ]);
  });
});
