import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { okSchema, projectSchema, versionListSchema, type EditRequest, type VersionList } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { NetworkError, apiJson } from '../../../lib/api-client';
import {
  EDIT_OUTBOX_KIND,
  enqueueRequest,
  newId,
  onOutboxReport,
  type OutboxNotice,
  type OutboxReport,
} from '../../../offline/outbox';
import { openPaywall } from '../../../components/paywall';
import { needsSubscription, useProjectVersions } from '../../../api/projects';
import { EDIT_TEXTS } from './edit-texts';
import { limitsQueryKey } from '../../../lib/limits';
import { projectsQueryKey, versionsQueryKey } from '../../../lib/project-query-keys';

export { versionsQueryKey };

const EDIT_NOTICE: OutboxNotice = { sentTitle: EDIT_TEXTS.queuedSent, failedTitle: EDIT_TEXTS.queuedFailed };

/** True when a flush of the device's outbox delivered (or gave up on) a queued edit. */
const settledEdits = (report: OutboxReport) =>
  [...report.sent, ...report.failed].some((r) => r.kind === EDIT_OUTBOX_KIND);

/** An edit sent, or (no connection) kept on the device and sent once, under one Idempotency-Key. */
export type EditOutcome = { queued: false; list: VersionList } | { queued: true };

/** The project's versions, asked again every second while an edit is under way. */
export function useVersions(projectId: string, enabled: boolean) {
  const client = useQueryClient();
  // An edit queued offline arrives when the device's outbox is sent: the list asks again then.
  useEffect(
    () =>
      onOutboxReport((report) => {
        if (settledEdits(report)) void client.invalidateQueries({ queryKey: versionsQueryKey(projectId) });
      }),
    [client, projectId],
  );
  const query = useProjectVersions(projectId, enabled);
  // The current version is what the brush paints on: fetched now, the service worker keeps it for offline.
  const currentUrl = query.data?.versions.find((v) => v.current)?.imageUrl;
  useEffect(() => {
    if (currentUrl && navigator.onLine) new Image().src = currentUrl;
  }, [currentUrl]);
  return query;
}

/** Edits, the current version and deletion; each answer refreshes the list and the project it shows. */
export function useVersionActions(projectId: string) {
  const client = useQueryClient();
  const settle = async (list?: VersionList) => {
    if (list) client.setQueryData(versionsQueryKey(projectId), list);
    await client.invalidateQueries({ queryKey: projectsQueryKey });
    await client.invalidateQueries({ queryKey: limitsQueryKey });
  };
  const edit = useMutation({
    mutationFn: async (request: EditRequest): Promise<EditOutcome> => {
      const id = newId();
      const path = apiPath('projectEdits', { id: projectId });
      const headers = { 'Idempotency-Key': id };
      try {
        return {
          queued: false,
          list: await apiJson(path, versionListSchema, { method: 'POST', body: request, headers }),
        };
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        const queued = { id, kind: EDIT_OUTBOX_KIND, path, body: request, notice: EDIT_NOTICE };
        await enqueueRequest({ ...queued, lastError: err.message });
        return { queued: true };
      }
    },
    // Offline is handled here (queued), not by pausing the mutation until the browser is online.
    networkMode: 'always',
    onSuccess: (outcome) => settle(outcome.queued ? undefined : outcome.list),
    // No credits left: the one paywall, as a Generate in the same state opens.
    onError: (err) => {
      if (needsSubscription(err)) openPaywall();
    },
  });
  const setCurrent = useMutation({
    mutationFn: (number: number) =>
      apiJson(apiPath('projectVersion', { id: projectId, number: String(number) }), versionListSchema, {
        method: 'PATCH',
        body: { current: true },
      }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (number: number) =>
      apiJson(apiPath('projectVersion', { id: projectId, number: String(number) }), okSchema, {
        method: 'DELETE',
      }),
    onSuccess: () => settle(),
  });
  const { reset } = edit;
  // Once the queued edit is delivered, the panel no longer says it waits on the device.
  useEffect(
    () =>
      onOutboxReport((report) => {
        if (settledEdits(report)) reset();
      }),
    [reset],
  );
  /** Keeps the current version, whose edit changed the room, as a design concept. */
  const keep = useMutation({
    mutationFn: () =>
      apiJson(apiPath('projectConcept', { id: projectId }), projectSchema, { method: 'POST' }),
    onSuccess: () => settle(),
  });
  return { edit, setCurrent, remove, keep };
}
