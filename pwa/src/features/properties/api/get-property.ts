import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertySchema, type Property } from '@shared/api';
import { isFinished } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiJson } from '../../../lib/api-client';
import { statusPollMs } from '../../../lib/live-stream';
import { propertyQueryKey } from '../../../lib/property-query-keys';

export const propertyPath = (id: string) => apiPath('property', { id });

/** Some room's staging is still queued or running. */
export const stagingUnderWay = (property: Property | undefined): boolean =>
  property?.rooms.some((r) => r.project !== null && !isFinished(r.project.status)) ?? false;

/**
 * Every 2 s (slowly while the event stream is open) while a room's staging is under way; never offline,
 * nor after the server refused (a 404: deleted, or made offline and not sent yet). A network or server
 * error keeps polling.
 */
export function propertyPollInterval(
  property: Property | undefined,
  lastError: unknown = null,
  online: boolean = navigator.onLine,
): number | false {
  if (!online || (lastError instanceof ApiError && lastError.status < 500)) return false;
  return stagingUnderWay(property) ? statusPollMs() : false;
}

/** One property with its rooms in order, each with its latest staging. */
export const propertyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: propertyQueryKey(id),
    queryFn: ({ signal }) => apiJson(propertyPath(id), propertySchema, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: (query) => propertyPollInterval(query.state.data, query.state.error),
  });

export function useProperty(id: string) {
  return useQuery(propertyQueryOptions(id));
}
