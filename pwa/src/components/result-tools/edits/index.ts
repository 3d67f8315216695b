export { VersionsPanel } from './versions-panel';
export { BrushEditor } from './brush-editor';
export { useVersions, useVersionActions, versionsQueryKey } from './use-versions';
export { EditStructureChoice, awaitsEditChoice } from './edit-structure-choice';
export { EDIT_TEXTS } from './edit-texts';
export { useKeepCurrentVersions } from './keep-current-versions';
