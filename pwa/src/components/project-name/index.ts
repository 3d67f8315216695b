// A project's name with its Rename control, wherever a project is shown (workspace, a property's rooms).
export { RenameableName } from './rename-project';
export { PROJECT_NAME_TEXTS } from './project-name-texts';
