export { sharesRoutes } from './shares.routes';
export { newShareToken, shareNotFound, sharesService } from './shares.service';
export { agentPhoto, agentProfileOf, toPublicAgent } from './agent-profile';
