import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from './api-client';

/** The server's public settings (support e-mail, sign-in providers, payments, engine); fixed per deployment. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: [apiPath('publicConfig')],
    queryFn: () => apiJson(apiPath('publicConfig'), publicConfigSchema),
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/** What stages rooms on this server now (null until known, or offline): the preview engine is no AI. */
export function useServerEngine() {
  return usePublicConfig().data?.engine ?? null;
}
