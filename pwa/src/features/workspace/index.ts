export { WorkspacePage } from './workspace-page';
export { StyleFields, type StyleChoice } from './components/style-fields';
export { WorkspaceHeaderTools } from './components/header-tools';
