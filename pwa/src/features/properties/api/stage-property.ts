import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  stagePropertyResponseSchema,
  type StagePropertyRequest,
  type StagePropertyResponse,
} from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson, NetworkError } from '../../../lib/api-client';
import { limitsQueryKey } from '../../../lib/limits';
import { propertyQueryKey } from '../../../lib/property-query-keys';

/** A run as sent: the key stays the same over resends, so a run whose answer was lost is made once. */
export interface StageRun {
  request: StagePropertyRequest;
  key: string;
}

/** A lost connection is tried again this many times, under the run's key. */
const RESENDS = 2;

/**
 * One look for the chosen rooms: each becomes a staging of its own room type. The server reserves one
 * credit per room for the whole run before anything starts (402 with its sentence when too few are left).
 */
export function stageProperty(id: string, { request, key }: StageRun): Promise<StagePropertyResponse> {
  return apiJson(apiPath('propertyStage', { id }), stagePropertyResponseSchema, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': key },
  });
}

/** Starts a run (all chosen rooms, or one room again); the property then shows each room's progress. */
export function useStageProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: StageRun) => stageProperty(id, run),
    retry: (failures, err) => failures < RESENDS && err instanceof NetworkError,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyQueryKey(id), exact: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
  });
}
