/** What the loopback fakes' vision models say about a result they are asked to compare with its photo. */
export type FakeVerdict = 'changed' | 'kept';

/** The answers, in our JSON schema: one that finds a window covered, one that finds the room kept. */
export const FAKE_OPINIONS = {
  changed: {
    changed: true,
    note: 'The window on the left was covered over with wall; the rest of the room is as it was.',
    elements: [{ element: 'windows', what: 'the left window covered over with wall' }],
  },
  kept: {
    changed: false,
    note: 'The room is as it was: only furniture and decor were added.',
    elements: [],
  },
} as const satisfies Record<FakeVerdict, unknown>;

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  required?: unknown;
  items?: Schema;
  additionalProperties?: unknown;
};

/**
 * Why OpenAI would refuse a strict json_schema (every object closed, every property required), as its
 * 400 says it; null when it accepts it.
 */
export function strictSchemaRefusal(schema: Schema, context = '()'): string | null {
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false)
      return `In context=${context}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(schema.properties ?? {});
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing)
      return `In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const k of keys) {
      const inner = strictSchemaRefusal(schema.properties?.[k] ?? {}, `('properties', '${k}')`);
      if (inner) return inner;
    }
  }
  if (schema.type === 'array' && schema.items)
    return strictSchemaRefusal(schema.items, `${context}, 'items'`);
  return null;
}
