export { WorkspacePage } from './workspace-page';
export { WorkspaceHeaderTools } from './components/header-tools';
