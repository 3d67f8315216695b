import { describe, expect, it } from 'vitest';
import { PROJECT_SEARCH_MAX, PROJECTS_PAGE_MAX, PROJECTS_PAGE_SIZE } from '../domain/limits';
import {
  BAD_CURSOR,
  BAD_PAGE_SIZE,
  SEARCH_TOO_LONG,
  decodeProjectCursor,
  encodeProjectCursor,
  projectListQuerySchema,
} from './project-list';

const at = new Date('2026-11-22T12:00:00.123Z');
const issue = (query: Record<string, unknown>) =>
  projectListQuerySchema.safeParse(query).error?.issues[0]?.message;

describe('project list cursors', () => {
  it('round-trip the position as an opaque URL-safe string', () => {
    for (const id of ['0b6e2d3c-4f5a-4b7c-8d9e-0f1a2b3c4d5e', 'Zm9v_ba-r']) {
      const cursor = encodeProjectCursor({ createdAt: at, id });
      expect(cursor).toMatch(/^[\w-]+$/);
      expect(decodeProjectCursor(cursor)).toEqual({ createdAt: at, id });
    }
  });

  it('refuse what this API did not make', () => {
    const bad = [
      '',
      'not base64!',
      btoa('{"a":1}'),
      btoa('[1]'),
      btoa('[-5,"p1"]'),
      btoa('[1.5,"p1"]'),
      btoa('[1,""]'),
      btoa('[1,"../x"]'),
      btoa('[1,{"$gt":""}]'),
      'x'.repeat(300),
    ];
    for (const text of bad) expect(decodeProjectCursor(text), text).toBeNull();
  });
});

describe('projectListQuerySchema', () => {
  it('defaults the page size and trims the search; blanks are not given', () => {
    expect(projectListQuerySchema.parse({})).toEqual({ limit: PROJECTS_PAGE_SIZE });
    expect(projectListQuerySchema.parse({ limit: '', before: '', q: '   ' })).toEqual({
      limit: PROJECTS_PAGE_SIZE,
    });
    expect(projectListQuerySchema.parse({ limit: '5', q: '  Kitchen (1) ' })).toEqual({
      limit: 5,
      q: 'Kitchen (1)',
    });
    const before = encodeProjectCursor({ createdAt: at, id: 'p1' });
    expect(projectListQuerySchema.parse({ before }).before).toEqual({ createdAt: at, id: 'p1' });
  });

  it('refuses a bad page size, position or search with a sentence', () => {
    for (const limit of ['0', '-1', '2.5', 'ten', String(PROJECTS_PAGE_MAX + 1), ['5', '6']])
      expect(issue({ limit }), String(limit)).toBe(BAD_PAGE_SIZE);
    expect(issue({ limit: String(PROJECTS_PAGE_MAX) })).toBeUndefined();
    expect(issue({ before: 'nope!' })).toBe(BAD_CURSOR);
    expect(issue({ q: 'x'.repeat(PROJECT_SEARCH_MAX + 1) })).toBe(SEARCH_TOO_LONG);
  });
});
