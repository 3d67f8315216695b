import { z } from 'zod';
import { PROJECT_SEARCH_MAX, PROJECTS_PAGE_MAX, PROJECTS_PAGE_SIZE } from '../domain/limits';

/**
 * `GET /api/projects` answers one page (a JSON array); this response header holds the position to ask the
 * next page from (`?before=`), and is absent on the last page.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Where a page ends: the last project's creation time and id, so projects made in the same millisecond keep an order. */
export interface ProjectCursor {
  createdAt: Date;
  id: string;
}

export const BAD_PAGE_SIZE = `The page size must be a whole number from 1 to ${PROJECTS_PAGE_MAX}.`;
export const BAD_CURSOR = 'This list position is not valid. Load the list again from its first page.';
export const SEARCH_TOO_LONG = `A search can be at most ${PROJECT_SEARCH_MAX} characters long.`;
const SEARCH_NOT_TEXT = 'A search must be one piece of text.';

const CURSOR_MAX = 200;
const CURSOR_ID = /^[\w-]{1,100}$/;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Opaque to clients: base64url of `[createdAt in ms, id]`. */
export function encodeProjectCursor(cursor: ProjectCursor): string {
  return toBase64Url(JSON.stringify([cursor.createdAt.getTime(), cursor.id]));
}

/** The position a cursor names, or null when it is not one this API made. */
export function decodeProjectCursor(cursor: string): ProjectCursor | null {
  if (!/^[\w-]+$/.test(cursor) || cursor.length > CURSOR_MAX) return null;
  try {
    const parsed: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [ms, id] = parsed as unknown[];
    if (!Number.isSafeInteger(ms) || (ms as number) < 0 || typeof id !== 'string' || !CURSOR_ID.test(id))
      return null;
    return { createdAt: new Date(ms as number), id };
  } catch {
    return null;
  }
}

/** Query strings arrive as strings; an empty value means "not given". */
const blankToUndefined = (v: unknown) => {
  const text = typeof v === 'string' ? v.trim() : v;
  return text === '' ? undefined : text;
};

/** `?limit=&before=&q=` of `GET /api/projects`. */
export const projectListQuerySchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: BAD_PAGE_SIZE })
      .int({ error: BAD_PAGE_SIZE })
      .min(1, { error: BAD_PAGE_SIZE })
      .max(PROJECTS_PAGE_MAX, { error: BAD_PAGE_SIZE })
      .default(PROJECTS_PAGE_SIZE)
      .describe(`Projects per page, 1 to ${PROJECTS_PAGE_MAX} (default ${PROJECTS_PAGE_SIZE})`),
  ),
  before: z.preprocess(
    blankToUndefined,
    z
      .string({ error: BAD_CURSOR })
      .transform((text, ctx) => {
        const cursor = decodeProjectCursor(text);
        if (!cursor) {
          ctx.issues.push({ code: 'custom', message: BAD_CURSOR, input: text });
          return z.NEVER;
        }
        return cursor;
      })
      .optional()
      .describe(
        `The ${NEXT_CURSOR_HEADER} header of the previous page: the projects older than its last one`,
      ),
  ),
  q: z.preprocess(
    blankToUndefined,
    z
      .string({ error: SEARCH_NOT_TEXT })
      .max(PROJECT_SEARCH_MAX, { error: SEARCH_TOO_LONG })
      .optional()
      .describe('Only projects whose name contains this text (any case)'),
  ),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
