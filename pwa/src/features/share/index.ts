export { SharePage } from './share-page';
export { ShareUnavailable } from './components/share-unavailable';
export { SharedPageHeader, StagedNotice, sharedLinkClass } from './components/shared-page-header';
export { AgentCard } from './components/agent-card';
export { OriginalPage } from './original-page';
