import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@shared/api';
import {
  AUTHENTICATION_REQUIRED,
  NO_IMAGE_SELECTED,
  PHOTO_REFUSED_TITLE,
  PROJECT_CREATED_TITLE,
  analysisToast,
  defaultProjectName,
  isFinished,
  roomTypeAfterAnalysis,
  usableStyle,
  type RoomType,
} from '@shared/domain';
import { useEffect, useRef, useState } from 'react';
import { useSignedInCheck } from '../../../lib/auth';
import { limitsQueryKey, useIsPro } from '../../../lib/limits';
import { photoRefusal } from '../../../lib/photo-refusal';
import { openPaywall, openPaywallForProStyle } from '../../../components/paywall';
import {
  projectQueryKey,
  refreshProjectLists,
  useAnalyzeImage,
  QueuedUploadError,
  useCreateProject,
  useProject,
  useProjectStatus,
} from '../../../api/projects';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation, showError, showNotice } from '../../../components/toast';
import { queuedDescription } from '../../../offline/uploads';
import type { StagingOptions } from '../staging-options';
import { WORKSPACE_TOASTS } from '../workspace-messages';
import { useCreditCheck } from './use-credit-check';
import { needsSubscription } from '../../../api/projects';

export { needsSubscription };

interface Args {
  signedIn: boolean;
  options: StagingOptions;
  setOptions: (update: (prev: StagingOptions) => StagingOptions) => void;
}

/** Single staging: choose a file (analysed at once), generate, then follow the project until it finishes. */
export function useSingleStaging({ signedIn, options, setOptions }: Args) {
  const queryClient = useQueryClient();
  const hasCredits = useCreditCheck();
  const isSignedIn = useSignedInCheck();
  const pro = useIsPro();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** Why the server will not stage the chosen photo, once its analysis said so. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** An unsure analysis, said beside the room type it kept (a toast there would cover the select). */
  const [roomNote, setRoomNote] = useState<{ text: string; kept: RoomType } | null>(null);
  const currentFile = useRef<File | null>(null);
  /** The options on screen now, for an analysis answer that arrives later. */
  const optionsRef = useRef(options);
  optionsRef.current = options;
  /** The photo on screen, for answers that arrive later (the queue uploading it). */
  const fileRef = useRef<File | null>(null);
  const analyze = useAnalyzeImage();
  const create = useCreateProject();
  const project = useProject(signedIn ? projectId : null);
  const status = useProjectStatus(signedIn ? projectId : null);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // When the job finishes, fetch the final project (staged URL, variants) and the refunded or used credit.
  const finished = status.data ? isFinished(status.data.status) : false;
  useEffect(() => {
    if (!finished || !projectId) return;
    void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId), exact: true });
    void refreshProjectLists(queryClient);
    void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
  }, [finished, projectId, queryClient]);

  const chooseFile = (next: File) => {
    currentFile.current = next;
    fileRef.current = next;
    setFile(next);
    setPreviewUrl(URL.createObjectURL(next));
    setProjectId(null);
    setRefusal(null);
    setRoomNote(null);
    analyze.mutate(next, {
      onSuccess: (result) => {
        if (currentFile.current !== next) return;
        // Only a confident detection replaces the room type the user chose (or their default).
        const roomType = roomTypeAfterAnalysis(result, optionsRef.current.roomType);
        if (roomType !== optionsRef.current.roomType) setOptions((o) => ({ ...o, roomType }));
        const toast = analysisToast(result, roomType, { withStyle: true });
        if (result.confident) void showConfirmation(toast);
        else setRoomNote({ text: `${toast.title}. ${toast.description}`, kept: roomType });
      },
      // Other analysis failures stay silent; a refusal that Generate would meet again is said at once.
      onError: (err) => {
        if (currentFile.current === next) setRefusal(photoRefusal(err));
      },
    });
  };

  const generate = async () => {
    if (!file) return void showError(NO_IMAGE_SELECTED.description, NO_IMAGE_SELECTED.title);
    if (refusal) return void showError(refusal, PHOTO_REFUSED_TITLE);
    setChecking(true);
    const allowed = await (async () => {
      if (!signedIn && !(await isSignedIn())) {
        showError(AUTHENTICATION_REQUIRED.description, AUTHENTICATION_REQUIRED.title);
        return false;
      }
      return hasCredits();
    })().finally(() => setChecking(false));
    if (!allowed) return;
    // The options are fixed now: a late analysis must not change the panel under the new project.
    currentFile.current = null;
    create.mutate(
      { image: file, fileName: file.name, name: defaultProjectName(options.roomType), ...options },
      {
        onSuccess: (created) => {
          queryClient.setQueryData(projectQueryKey(created.id), created);
          setProjectId(created.id);
          void showConfirmation({
            title: PROJECT_CREATED_TITLE,
            description: WORKSPACE_TOASTS.projectCreated,
          });
        },
        onError: (err) => {
          if (needsSubscription(err)) return openPaywall();
          if (openPaywallForProStyle(err)) return;
          if (err instanceof QueuedUploadError) {
            if (err.reason === 'auth') openSignIn('login');
            // Once the queue has uploaded it, this view follows the project unless another photo was chosen.
            void err.uploaded.then(
              (id) => {
                if (fileRef.current === file) setProjectId(id);
              },
              () => undefined,
            );
            return void showNotice({ title: err.message, description: queuedDescription(1, err.reason) });
          }
          showError(err.message || WORKSPACE_TOASTS.createFailed);
        },
      },
    );
  };

  /** View Project: show a stored project and load the options it was made with. */
  const view = (p: Project) => {
    currentFile.current = null;
    fileRef.current = null;
    setFile(null);
    setPreviewUrl(null);
    setRefusal(null);
    queryClient.setQueryData(projectQueryKey(p.id), p);
    setProjectId(p.id);
    setOptions((o) => ({
      stagingMode: p.stagingMode,
      roomType: p.roomType,
      stylePreset: p.stylePreset ? usableStyle(p.stylePreset, pro !== false) : o.stylePreset,
      colorPalette: p.colorPalette ?? o.colorPalette,
      customPrompt: p.customPrompt ?? '',
      freeRestyle: p.freeRestyle,
    }));
    const loaded = WORKSPACE_TOASTS.projectLoaded;
    void showConfirmation({ title: loaded.title, description: loaded.description(p.name) });
  };

  /** Follow a project made from this view (a restaged result) until it finishes. */
  const follow = (p: Project) => {
    currentFile.current = null;
    queryClient.setQueryData(projectQueryKey(p.id), p);
    setProjectId(p.id);
  };

  const forget = (id: string) => {
    if (id === projectId) setProjectId(null);
  };

  const current = status.data ?? null;
  const unfinished = projectId !== null && !status.isError && (!current || !isFinished(current.status));
  return {
    file,
    previewUrl,
    refusal,
    // Only while the room type it speaks of is still the one chosen.
    roomNote: roomNote && roomNote.kept === options.roomType ? roomNote.text : null,
    projectId,
    project: project.data ?? null,
    status: current,
    creating: create.isPending || checking,
    unfinished,
    chooseFile,
    generate,
    view,
    follow,
    forget,
  };
}
