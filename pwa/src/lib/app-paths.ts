import { propertyLinkPath } from '@shared/domain';

/** Paths more than one feature links to. */

/** The workspace's query parameter naming the open tab, and the Properties tab's value. */
export const WORKSPACE_TAB_PARAM = 'tab';
export const PROPERTIES_TAB = 'properties';
/** The Batch tab's value: a reload comes back to the batch. */
export const BATCH_TAB = 'batch';
/** The workspace on its Properties tab: where a property's screen leads back to. */
export const PROPERTIES_HOME = `/?${WORKSPACE_TAB_PARAM}=${PROPERTIES_TAB}`;

/** A property's screen (signed in); mails link to it too. */
export const propertyPagePath = propertyLinkPath;
