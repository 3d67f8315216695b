import type { AppDeps } from '../app-deps';
import { demoService } from './demo';
import { originalsService } from './originals';
import { downloadsService, projectsService, structureChoiceService } from './projects';
import {
  propertiesService,
  propertyDownloadService,
  propertySharesService,
  roomsService,
} from './properties';
import { propertyStagingService } from './property-staging';
import { sharesService } from './shares';

/**
 * The services the routes use, each built once per app from its deps: a service that needs another gets
 * that one instance (the originals, the projects, the shares and the property staging are each shared).
 */
export function createServices(deps: AppDeps) {
  const originals = originalsService(deps);
  const projects = projectsService({ ...deps, originals });
  const propertyStaging = propertyStagingService(deps);
  const shares = sharesService({ ...deps, originals });
  return {
    originals,
    projects,
    downloads: downloadsService({ ...deps, originals }),
    structureChoice: structureChoiceService(deps, projects, propertyStaging),
    demo: demoService({ ...deps, projects }),
    properties: propertiesService({ ...deps, originals }),
    rooms: roomsService(deps),
    propertyDownload: propertyDownloadService({ ...deps, originals }),
    propertyStaging,
    shares,
    propertyShares: propertySharesService({ ...deps, shares, originals }),
  };
}

export type Services = ReturnType<typeof createServices>;
