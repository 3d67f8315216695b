/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) can hide or reorder text a buyer or support reads, so names never keep them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A name fit to show as one line of text: unsafe characters become spaces, runs of spaces one, trimmed. */
export function cleanDisplayText(value: string): string {
  return value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
}
