export { versionsRoutes } from './versions.routes';
export { versionsService, type VersionsService } from './versions.service';
export { currentVersionOf, toVersionList } from './version.mapper';
