export { WorkspacePage } from './workspace-page';
export { StyleFields, type StyleChoice } from './components/style-fields';
