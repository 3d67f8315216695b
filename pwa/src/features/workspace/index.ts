export { WorkspacePage } from './workspace-page';
export { WorkspaceHeaderTools } from './components/header-tools';
export { StructureChoicePanel } from './components/structure-choice-panel';
export { useStructureChoice } from './components/use-structure-choice';
