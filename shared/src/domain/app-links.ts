/** The workspace's query parameter that opens one of the user's projects (links in notifications). */
export const PROJECT_PARAM = 'project';

/** The app's address of a project: the workspace, showing it. */
export const projectAppPath = (id: string) => `/?${PROJECT_PARAM}=${encodeURIComponent(id)}`;

/** The app's address of a property's screen. */
export const propertyAppPath = (id: string) => `/properties/${encodeURIComponent(id)}`;
