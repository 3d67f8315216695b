/** The pieces of a public shared page (a project's and a property's): header, agent card, notices. */
export { ShareUnavailable } from './share-unavailable';
export { SharedPageHeader, StagedNotice, sharedLinkClass } from './shared-page-header';
export { AgentCard } from './agent-card';
