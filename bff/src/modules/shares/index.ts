export { sharesRoutes } from './shares.routes';
export { newShareToken, shareNotFound, sharesService, type SharesService } from './shares.service';
export { agentPhoto, agentProfileOf, toPublicAgent } from './agent-profile';
