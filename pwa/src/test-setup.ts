import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Test files share one document per worker (no isolation, for speed): each leaves it as it found it.
afterAll(() => {
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  document.head.replaceChildren();
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  document.title = '';
});
