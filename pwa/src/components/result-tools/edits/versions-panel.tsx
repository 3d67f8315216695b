import { versionThumbUrl, type EditRequest, type MaskStroke, type ProjectVersion } from '@shared/api';
import {
  FIRST_RESULT_VERSION,
  STRUCTURE_EDIT_CHOICE,
  STRUCTURE_KEPT,
  editModeNotice,
  formatRelativeAge,
  mlsProfile,
  type MlsProfileId,
  type RoomType,
} from '@shared/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { projectsQueryKey } from '../../../lib/project-query-keys';
import {
  VersionPicker,
  defaultPair,
  pairUrls,
  versionName,
  type ComparedVersions,
} from '../../../components/comparison';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showConfirmation } from '../../../components/toast';
import { needsSubscription } from '../../../api/projects';
import { BrushEditor } from './brush-editor';
import { EditStructureChoice, awaitsEditChoice, type EditChoiceActions } from './edit-structure-choice';
import { usePreferences } from '../../../lib/preferences';
import { useOnline } from '../../../lib/use-online';
import { EnhancePanel, MlsEditNotice } from './enhance-panel';
import { EDIT_TEXTS } from './edit-texts';
import { useVersionActions, useVersions } from './use-versions';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:bg-slate-800 disabled:opacity-50';
const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-500 px-5 text-sm font-semibold text-white hover:bg-indigo-400 disabled:opacity-50';

/**
 * A result's versions: refine by instruction, paint what should go, compare any two in the slider, set
 * one current (what downloads and share pages use) or delete it. Usable at 360 px with one thumb.
 */
export function VersionsPanel({
  projectId,
  roomType,
  compared,
  onCompare,
  shownUrl,
  originalThumbUrl,
  mls: mlsId,
  titleAs: Title = 'h2',
}: {
  projectId: string;
  roomType: RoomType;
  /** The result as the page shows it (on the device once seen): the brush falls back to it. */
  shownUrl?: string;
  /** The original photo's thumbnail (kept on the device with Recent Projects): the brush's last resort. */
  originalThumbUrl?: string;
  compared: ComparedVersions | null;
  onCompare: (pair: ComparedVersions, urls: { before: string; after: string }) => void;
  /** The MLS whose rules the edits are told against (a property's); absent or null: the agent's own. */
  mls?: MlsProfileId | null;
  /** Heading level that fits the page outline. */
  titleAs?: 'h2' | 'h3' | 'h4';
}) {
  const versions = useVersions(projectId, true);
  const ownMls = usePreferences().data?.mlsProfile;
  const mls = mlsProfile(mlsId ?? ownMls);
  const { edit, setCurrent, remove, keep } = useVersionActions(projectId);
  const [choosing, setChoosing] = useState<EditChoiceActions['busy']>(null);
  // The flagged edit a Try again makes again: the next edit of its kind says so (free once, if owed).
  const [retrying, setRetrying] = useState<Pick<ProjectVersion, 'number' | 'kind'> | null>(null);
  const [instruction, setInstruction] = useState('');
  const [brush, setBrush] = useState<'remove' | 'fill' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = versions.data?.versions ?? [];
  const editing = versions.data?.editing === true || edit.isPending;
  const wasEditing = useRef(false);
  const client = useQueryClient();
  // A finished edit changes the project (its current image, its check): shown as soon as it is made.
  useEffect(() => {
    const made = versions.data?.editing === true;
    if (wasEditing.current && !made) void client.invalidateQueries({ queryKey: projectsQueryKey });
    wasEditing.current = made;
  }, [versions.data?.editing, client]);
  const current = list.find((v) => v.current);
  // A project never opened on this device has no versions here offline: the brush paints on the result shown.
  const brushImage = current?.imageUrl ?? shownUrl;
  const online = useOnline();
  const listMissing = !versions.data && !online;
  const anyFailure = edit.error ?? setCurrent.error ?? remove.error ?? keep.error;
  // Out of credits opens the paywall instead of a red sentence here.
  const failure = needsSubscription(anyFailure) ? null : anyFailure;
  const flagged = awaitsEditChoice(current) ? current : null;
  /** One step of the choice after an edit that changed the room; its failure shows as any other. */
  const choose = (step: NonNullable<EditChoiceActions['busy']>, run: () => Promise<unknown>) => {
    setChoosing(step);
    run()
      .catch(() => undefined)
      .finally(() => setChoosing(null));
  };
  const backTo = async (v: ProjectVersion) => setCurrent.mutateAsync(v.madeFrom ?? FIRST_RESULT_VERSION);
  const choice: EditChoiceActions = {
    busy: choosing,
    // The same edit again, from the version it was made from: a painted edit is painted again, an
    // enhancement is picked again in its panel.
    retry: () =>
      choose('retry', async () => {
        if (!flagged) return;
        await backTo(flagged);
        if (flagged.kind === 'refine' && flagged.instruction)
          await edit.mutateAsync({
            kind: 'refine',
            instruction: flagged.instruction,
            retryOf: flagged.number,
          });
        else {
          setRetrying({ number: flagged.number, kind: flagged.kind });
          if (flagged.kind === 'remove' || flagged.kind === 'fill') setBrush(flagged.kind);
        }
      }),
    keep: () => choose('keep', () => keep.mutateAsync().then(() => showConfirmation(STRUCTURE_KEPT))),
    remove: () =>
      choose('remove', async () => {
        if (!flagged) return;
        await backTo(flagged);
        await remove.mutateAsync(flagged.number);
      }),
  };
  const pair = compared ?? defaultPair(list);
  const compare = (next: ComparedVersions) => {
    const urls = pairUrls(list, next);
    if (urls) onCompare(next, urls);
  };
  const send = (request: EditRequest, done: () => void) =>
    edit.mutate(retrying?.kind === request.kind ? { ...request, retryOf: retrying.number } : request, {
      onSuccess: () => {
        setRetrying(null);
        done();
      },
    });

  return (
    <section
      aria-label={EDIT_TEXTS.heading}
      className="space-y-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-3 sm:p-4"
    >
      <Title className="text-base font-semibold text-slate-100">{EDIT_TEXTS.heading}</Title>
      {brush && brushImage ? (
        <>
          <MlsEditNotice text={editModeNotice(mls, brush === 'remove' ? 'object-removed' : null)} />
          <BrushEditor
            key={brush}
            mode={brush}
            imageUrl={brushImage}
            fallbackUrls={current && shownUrl ? [shownUrl] : []}
            standInUrl={originalThumbUrl}
            busy={editing}
            onCancel={() => setBrush(null)}
            onSubmit={(strokes: MaskStroke[], what: string) =>
              send(
                brush === 'fill' ? { kind: 'fill', strokes, instruction: what } : { kind: 'remove', strokes },
                () => setBrush(null),
              )
            }
          />
        </>
      ) : (
        <>
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              send({ kind: 'refine', instruction }, () => setInstruction(''));
            }}
          >
            <label className="flex flex-1 flex-col gap-1 text-sm text-slate-200">
              {EDIT_TEXTS.refineLabel}
              <input
                value={instruction}
                onChange={(e) => setInstruction(e.target.value)}
                placeholder={EDIT_TEXTS.refinePlaceholder}
                className="min-h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
              />
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={primary} disabled={editing}>
                {EDIT_TEXTS.refine}
              </button>
              <button
                type="button"
                className={button}
                disabled={editing || !brushImage}
                onClick={() => setBrush('remove')}
              >
                {EDIT_TEXTS.brushOpen}
              </button>
              <button
                type="button"
                className={button}
                disabled={editing || !brushImage}
                onClick={() => setBrush('fill')}
              >
                {EDIT_TEXTS.fillOpen}
              </button>
            </div>
          </form>
          <EnhancePanel
            roomType={roomType}
            busy={editing}
            mls={mls}
            onApply={(request) => send(request, () => undefined)}
          />
        </>
      )}
      {listMissing && !brush && (
        <p role="status" className="text-sm text-amber-200">
          {EDIT_TEXTS.versionsNotOnDevice}
        </p>
      )}
      {flagged && !editing && <EditStructureChoice version={flagged} actions={choice} />}
      <p className="text-xs text-slate-400">{EDIT_TEXTS.creditNote}</p>
      {editing && (
        <p role="status" className="text-sm text-indigo-200">
          {EDIT_TEXTS.editing}
        </p>
      )}
      {!editing && edit.data?.queued && (
        <p role="status" className="text-sm text-amber-200">
          {EDIT_TEXTS.queued}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-rose-300">
          {failure.message}
        </p>
      )}
      {!failure && versions.data?.editError && (
        <p role="alert" className="text-sm text-rose-300">
          {versions.data.editError}
        </p>
      )}
      <VersionPicker versions={list} pair={pair} onChange={compare} />
      <ol aria-label={EDIT_TEXTS.versionList} className="space-y-2">
        {list.map((v) => (
          <li
            key={v.number}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-800 p-2"
          >
            {/* A 480 px thumbnail, not the 2048 px image, for a 64 px picture. */}
            <img
              src={versionThumbUrl(v.imageUrl)}
              alt=""
              className="h-12 w-16 rounded object-cover"
              loading="lazy"
            />
            <div className="min-w-0 flex-1 basis-40">
              <p className="break-words text-sm text-slate-100">
                {versionName(v)}
                {(v.flagged || v.concept) && (
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${v.concept ? 'bg-sky-500/20 text-sky-100' : 'bg-amber-500/20 text-amber-100'}`}
                  >
                    {v.concept ? STRUCTURE_EDIT_CHOICE.conceptTag : STRUCTURE_EDIT_CHOICE.flaggedTag}
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-400">
                {formatRelativeAge(v.createdAt)}
                {v.note ? ` · ${v.note}` : ''}
              </p>
            </div>
            {v.current ? (
              <span className="rounded-full bg-emerald-500/20 px-3 py-1 text-xs font-semibold text-emerald-200">
                {EDIT_TEXTS.current}
              </span>
            ) : (
              v.kind !== 'original' && (
                <div className="flex basis-full gap-2 sm:basis-auto">
                  <button
                    type="button"
                    className={`${button} flex-1 sm:flex-none`}
                    disabled={editing}
                    aria-label={`${EDIT_TEXTS.setCurrent}: v${v.number}`}
                    onClick={() => setCurrent.mutate(v.number)}
                  >
                    {EDIT_TEXTS.setCurrent}
                  </button>
                  <button
                    type="button"
                    className={`${button} flex-1 sm:flex-none`}
                    disabled={editing}
                    aria-label={`${EDIT_TEXTS.delete}: v${v.number}`}
                    onClick={() => setDeleting(v.number)}
                  >
                    {EDIT_TEXTS.delete}
                  </button>
                </div>
              )
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        title={`${EDIT_TEXTS.deleteTitle} v${deleting ?? ''}?`}
        description={EDIT_TEXTS.deleteDescription}
        confirmLabel={EDIT_TEXTS.delete}
        busyLabel={EDIT_TEXTS.deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
