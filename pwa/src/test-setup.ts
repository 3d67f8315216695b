import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait on a condition; their default second is a wall-clock bound that a render, a fake
// fetch and a state update pass when both cores are busy (a CI run failed on it). The test's own timeout still caps it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
