// Restage or keep as a concept: the choice under a result that still changes the room, in the workspace and a property.
export { RESTAGE_BUTTON, KEEP_BUTTON, StructureChoicePanel } from './structure-choice-panel';
export { useStructureChoice, type StructureChoice } from './use-structure-choice';
export { RESTAGE_CONFIRM, STRUCTURE_CHOICE_TOASTS } from './structure-choice-texts';
