export { useFieldErrors, type FieldControl } from './use-field-errors';
export { FieldError } from './field-error';
export { CharacterCount } from './character-count';
