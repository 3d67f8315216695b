/** Addresses inside the app that mails and pages both link to (paths, joined to the public origin). */

/** The workspace's query parameter that opens one project: `/?project=<id>`. */
export const PROJECT_LINK_PARAM = 'project';
/** Opens a project in the workspace (signed in). */
export const projectLinkPath = (id: string) => `/?${PROJECT_LINK_PARAM}=${encodeURIComponent(id)}`;
/** A property's screen (signed in). */
export const propertyLinkPath = (id: string) => `/properties/${encodeURIComponent(id)}`;
/** Where the mail preferences are turned on and off. */
export const SETTINGS_PATH = '/settings';
