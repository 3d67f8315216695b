import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';

type Errors<K extends string> = Partial<Record<K, string>>;

/** The props a form control spreads to take part: its id, its error's wiring and the blur check. */
export interface FieldControl {
  id: string;
  name: string;
  ref: (element: HTMLElement | null) => void;
  onInput: () => void;
  onBlur: () => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Options<K extends string, T> {
  /** The request schema the form's values must pass before they are sent. */
  schema: ZodType<T>;
  /** What the form holds now (may carry more keys than `fields`). */
  values: Record<K, unknown>;
  /** The fields that show their own message, in the order they appear (the first invalid one gets focus). */
  fields: readonly K[];
  /** Control ids are `${idPrefix}-${field}`; their messages `${idPrefix}-${field}-error`. */
  idPrefix: string;
}

/** The first message of each field the schema refuses, and the first one no listed field can show. */
function check<K extends string, T>(schema: ZodType<T>, values: unknown, fields: readonly K[]) {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as Errors<K>, formError: null };
  const errors: Errors<K> = {};
  let formError: string | null = null;
  for (const issue of result.error.issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field) errors[field] ??= issue.message;
    else formError ??= issue.message;
  }
  return { data: null, errors, formError };
}

/**
 * Per-field messages from a shared zod schema: every field is checked on submit (the first invalid one
 * is focused), a field the user has typed in is checked when they leave it, and a shown message updates
 * as they type, so it goes away as soon as the value is fixed.
 */
export function useFieldErrors<K extends string, T>({ schema, values, fields, idPrefix }: Options<K, T>) {
  const [errors, setErrors] = useState<Errors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const typedIn = useRef(new Set<K>());
  const elements = useRef(new Map<K, HTMLElement>());
  const focusNext = useRef<K | null>(null);

  // Only fields already showing a message follow the typing; a new message waits for blur or submit.
  useEffect(() => {
    setErrors((shown) => {
      const open = fields.filter((f) => shown[f]);
      if (open.length === 0) return shown;
      const fresh = check(schema, values, fields).errors;
      if (open.every((f) => fresh[f] === shown[f])) return shown;
      const next = { ...shown };
      for (const f of open) {
        if (fresh[f]) next[f] = fresh[f];
        else delete next[f];
      }
      return next;
    });
  }, [schema, values, fields]);

  useEffect(() => {
    const first = focusNext.current;
    if (first === null) return;
    focusNext.current = null;
    elements.current.get(first)?.focus();
  }, [errors]);

  const controlId = (field: K) => `${idPrefix}-${field}`;
  const errorId = (field: K) => `${controlId(field)}-error`;

  const control = (field: K, describedBy?: string): FieldControl => ({
    id: controlId(field),
    name: field,
    ref: (element) => {
      if (element) elements.current.set(field, element);
      else elements.current.delete(field);
    },
    onInput: () => void typedIn.current.add(field),
    onBlur: () => {
      if (!typedIn.current.has(field)) return;
      const message = check(schema, values, fields).errors[field];
      setErrors((shown) => {
        if (shown[field] === message) return shown;
        const next = { ...shown };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      });
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? errorId(field) : null, describedBy].filter(Boolean).join(' ') || undefined,
  });

  /** Checks every field: the parsed values to send, or null (messages shown, first invalid field focused). */
  const submit = (): T | null => {
    const result = check(schema, values, fields);
    setErrors(result.errors);
    setFormError(result.formError);
    focusNext.current = fields.find((f) => result.errors[f]) ?? null;
    return result.data;
  };

  /** Forgets messages and typing, e.g. once the form was sent and cleared. */
  const reset = () => {
    typedIn.current.clear();
    setErrors({});
    setFormError(null);
  };

  return { id: controlId, control, error: (field: K) => errors[field], errorId, formError, submit, reset };
}

/** What a field component needs of `useFieldErrors`: its ids, its control props and its message. */
export interface FieldWiring<K extends string> {
  id(field: K): string;
  errorId(field: K): string;
  error(field: K): string | undefined;
  control(field: K): FieldControl;
}
