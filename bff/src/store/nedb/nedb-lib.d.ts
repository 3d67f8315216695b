/** The parts of NeDB's own modules (no types of their own) the embedded collection uses. */
declare module '@seald-io/nedb/lib/cursor.js' {
  import type Datastore from '@seald-io/nedb';

  /** NeDB's query cursor: `mapFn` receives NeDB's own matching documents, not copies. */
  export default class Cursor<R> {
    constructor(
      db: Datastore<Record<string, unknown>>,
      query: Record<string, unknown>,
      mapFn: (docs: Record<string, unknown>[]) => R,
    );
    /** Runs in the datastore's queue, after the writes before it. */
    execAsync(): Promise<R>;
  }
}

declare module '@seald-io/nedb/lib/model.js' {
  /** A copy of a document as NeDB's find returns it (dates shared, everything else copied). */
  export function deepCopy<D>(doc: D): D;
  export function modify(doc: unknown, update: unknown): unknown;
  export function compareThings(a: unknown, b: unknown): number;
  const model: { deepCopy: typeof deepCopy; modify: typeof modify; compareThings: typeof compareThings };
  export default model;
}
