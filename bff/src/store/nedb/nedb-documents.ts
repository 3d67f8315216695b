import type { Filter, Update } from '../model/types';

type Plain = Record<string, unknown>;
type NedbUpdate = Record<string, Plain>;

const isPlainObject = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** Drops `undefined` fields, as the MongoDB client does with `ignoreUndefined`, so both backends store the same. */
export function stripUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => stripUndefined(v)) as T;
  if (!isPlainObject(value)) return value;
  const out: Plain = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = stripUndefined(v);
  return out as T;
}

/** NeDB has no $setOnInsert (it applies only to inserts, built by `upsertDocument`); empty operators are dropped. */
export function toNedbUpdate(update: Update): NedbUpdate {
  const { $setOnInsert: _insertOnly, ...rest } = update;
  const out: NedbUpdate = {};
  for (const [op, value] of Object.entries(rest)) {
    const fields = stripUndefined(value as Plain | undefined);
    if (fields && Object.keys(fields).length > 0) out[op] = fields;
  }
  return out;
}

function setPath(doc: Plain, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let cur = doc;
  for (const p of parts.slice(0, -1)) {
    if (!isPlainObject(cur[p])) cur[p] = {};
    cur = cur[p] as Plain;
  }
  cur[parts[parts.length - 1]!] = value;
}

function unsetPath(doc: Plain, dotted: string): void {
  const parts = dotted.split('.');
  let cur: unknown = doc;
  for (const p of parts.slice(0, -1)) cur = isPlainObject(cur) ? cur[p] : undefined;
  if (isPlainObject(cur)) delete cur[parts[parts.length - 1]!];
}

/** `{ $each: [...] }` or a single value, as $push and $addToSet accept. */
const eachOf = (v: unknown): unknown[] =>
  isPlainObject(v) && Array.isArray(v.$each) ? (v.$each as unknown[]) : [v];

/** The filter's equalities as MongoDB copies them into an upserted document ($and clauses too, never $or). */
function copyEqualities(doc: Plain, filter: Filter): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const clause of v) if (isPlainObject(clause)) copyEqualities(doc, clause);
      continue;
    }
    if (k.startsWith('$')) continue;
    if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
      if ('$eq' in v) setPath(doc, k, v.$eq);
      continue;
    }
    setPath(doc, k, v);
  }
}

/** The document an upsert inserts: the filter's equalities, then the update's operators applied to them. */
export function upsertDocument(filter: Filter, update: Update): Plain {
  const doc: Plain = {};
  copyEqualities(doc, filter);
  for (const [k, v] of Object.entries(update.$setOnInsert ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$set ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$inc ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$push ?? {})) setPath(doc, k, eachOf(v));
  for (const [k, v] of Object.entries(update.$addToSet ?? {})) setPath(doc, k, eachOf(v));
  for (const k of Object.keys(update.$unset ?? {})) unsetPath(doc, k);
  return stripUndefined(doc);
}
