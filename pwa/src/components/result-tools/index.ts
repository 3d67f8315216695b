// A finished result's tools (versions, edits, Enhance, Download), in the workspace and on a property's rooms.
export * from './edits';
export * from './download';
