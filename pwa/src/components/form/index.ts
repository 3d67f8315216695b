export { useFieldErrors, type FieldControl, type FieldWiring } from './use-field-errors';
export { FieldError } from './field-error';
export { CharacterCount } from './character-count';
