import { queryOptions, useQuery } from '@tanstack/react-query';
import { export4kPlanSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectQueryKey } from './get-project';

export const export4kQueryKey = (id: string) => [...projectQueryKey(id), 'export-4k'] as const;

/** What a 4K download of a completed project will be: native, AI-upscaled, or enlarged from N px. */
export const export4kQueryOptions = (id: string) =>
  queryOptions({
    queryKey: export4kQueryKey(id),
    queryFn: ({ signal }) => apiJson(apiPath('projectExport4k', { id }), export4kPlanSchema, { signal }),
  });

export function useExport4kPlan(id: string, enabled: boolean) {
  return useQuery({ ...export4kQueryOptions(id), enabled });
}
