import type { JsonSchema } from '../api/get-openapi';

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const asSchemas = (v: unknown): JsonSchema[] => (Array.isArray(v) ? v.filter(isObject) : []);
export const refName = (s: JsonSchema): string | null =>
  typeof s.$ref === 'string' ? (s.$ref.split('/').pop() ?? null) : null;

/** A short type label: "string (email)", "array of object", "'a' | 'b'", "Error". */
export function typeLabel(s: JsonSchema): string {
  const ref = refName(s);
  if (ref) return ref;
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = asSchemas(s.anyOf).concat(asSchemas(s.oneOf));
  if (union.length) return union.map(typeLabel).join(' or ');
  const type = Array.isArray(s.type) ? s.type.join(' or ') : typeof s.type === 'string' ? s.type : 'any';
  if (type === 'array' && isObject(s.items)) return `array of ${typeLabel(s.items)}`;
  return typeof s.format === 'string' ? `${type} (${s.format})` : type;
}

/** Limits and defaults worth showing next to a field. */
export function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  const add = (key: string, text: (v: number) => string) => {
    if (typeof s[key] === 'number') out.push(text(s[key]));
  };
  add('minLength', (v) => `min length ${v}`);
  add('maxLength', (v) => `max length ${v}`);
  add('minimum', (v) => `min ${v}`);
  add('maximum', (v) => `max ${v}`);
  add('minItems', (v) => `min items ${v}`);
  add('maxItems', (v) => `max items ${v}`);
  if ('default' in s) out.push(`default ${JSON.stringify(s.default)}`);
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  return out;
}

/** The object whose fields should be listed: the schema itself, its array items, or a non-null union member. */
function objectOf(s: JsonSchema): JsonSchema | null {
  if (isObject(s.properties)) return s;
  if (isObject(s.items)) return objectOf(s.items);
  for (const member of asSchemas(s.anyOf).concat(asSchemas(s.oneOf))) {
    const found = objectOf(member);
    if (found) return found;
  }
  return null;
}

const MAX_DEPTH = 4;

/** Lists an object schema's fields (nested objects indented); other schemas as one type line. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const obj = objectOf(schema);
  const ref = refName(schema);
  if (ref)
    return (
      <p className="text-sm">
        <a href={`#schema-${ref}`} className="font-mono text-indigo-300 underline">
          {ref}
        </a>
      </p>
    );
  if (!obj || depth >= MAX_DEPTH)
    return <p className="font-mono text-sm break-words text-slate-200">{typeLabel(schema)}</p>;
  const required = new Set(Array.isArray(obj.required) ? obj.required : []);
  const props = Object.entries(obj.properties as Record<string, unknown>).filter(
    (e): e is [string, JsonSchema] => isObject(e[1]),
  );
  return (
    <div className="text-sm">
      {obj !== schema && depth === 0 && <p className="font-mono text-slate-400">{typeLabel(schema)}</p>}
      {props.length === 0 && <p className="text-slate-400">No fields.</p>}
      <ul className={depth > 0 ? 'mt-1 space-y-2 border-l border-slate-700 pl-3' : 'space-y-2'}>
        {props.map(([name, prop]) => {
          const limits = constraints(prop);
          const nested = objectOf(prop);
          return (
            <li key={name}>
              <div className="flex flex-wrap items-baseline gap-x-2">
                <code className="font-semibold break-all text-white">{name}</code>
                <span className="font-mono break-words text-slate-300">{typeLabel(prop)}</span>
                <span className={required.has(name) ? 'text-amber-300' : 'text-slate-400'}>
                  {required.has(name) ? 'required' : 'optional'}
                </span>
              </div>
              {typeof prop.description === 'string' && <p className="text-slate-300">{prop.description}</p>}
              {limits.length > 0 && <p className="text-slate-400">{limits.join(', ')}</p>}
              {nested && <SchemaView schema={prop} depth={depth + 1} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
