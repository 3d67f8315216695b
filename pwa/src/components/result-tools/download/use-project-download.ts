import {
  DOWNLOAD_FAILED_TITLE,
  LISTING_SHARE_CONFIRM,
  STRUCTURE_CHOICE,
  export4kFallbackNotice,
  type DownloadFormat,
  type MlsProfileId,
} from '@shared/domain';
import type { Export4kPlan, ShareState } from '@shared/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SHARE_LINK_TOASTS } from '../../../components/share-link-texts';
import { dismissToast, failureToast, showNotice } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import {
  downloadProject,
  export4kQueryKey,
  projectShareQueryKey,
  projectShareQueryOptions,
  useCreateProjectShare,
} from '../../../api/projects';
import type { StructureChoice } from '../../../components/structure-choice';
import { DOWNLOAD_TOASTS } from './download-texts';

export interface DownloadChoice {
  variant: number;
  format: DownloadFormat;
  size: '4k' | undefined;
  /** Another MLS's rules for this listing-ready download (absent: the agent's own). */
  mls?: MlsProfileId | undefined;
}

/** The server's answer to a listing-ready download of a project that has no share link (any more). */
const NOT_SHARED = 'not_shared';

const failed = failureToast;

/** What the download needs of the owner's choice about a result that still changes the room. */
type DownloadChoiceGate = Pick<StructureChoice, 'awaits' | 'keep' | 'keeping'>;
const NO_CHOICE_NEEDED: DownloadChoiceGate = {
  awaits: false,
  keep: () => Promise.resolve(true),
  keeping: false,
};

/**
 * Downloads a project's staged image. A listing-ready image carries a QR code of the project's public share
 * page, so when there is no share link yet it asks first (`confirm` is the dialog's state) and publishes
 * nothing unless the owner agrees. A listing-ready copy of a result that still changes the room is not
 * offered until the owner chose (`confirmChoice`): keep it as a concept (then it downloads, labelled so),
 * or restage it (the dialog's other button, outside this hook).
 */
export function useProjectDownload(projectId: string, gate: DownloadChoiceGate = NO_CHOICE_NEEDED) {
  const queryClient = useQueryClient();
  const createShare = useCreateProjectShare();
  const [asking, setAsking] = useState<DownloadChoice | null>(null);
  const [askingChoice, setAskingChoice] = useState<DownloadChoice | null>(null);

  const save = async (choice: DownloadChoice) => {
    const promised =
      choice.size === '4k' ? queryClient.getQueryData<Export4kPlan>(export4kQueryKey(projectId)) : undefined;
    // A first upscale takes seconds: say what is happening while the button seems idle.
    const preparing = promised?.source === 'upscaled' ? showNotice(DOWNLOAD_TOASTS.export4kPreparing) : null;
    try {
      const made = await downloadProject(projectId, choice.variant, choice.format, choice.size, choice.mls);
      if (preparing !== null) dismissToast(preparing);
      // The switch promised an upscaled 4K, but the upscaler failed this time: say what the file is.
      if (made?.source === 'enlarged' && promised?.source === 'upscaled')
        showNotice({
          title: DOWNLOAD_TOASTS.export4kEnlarged,
          description: export4kFallbackNotice(made.sourceLongEdge),
        });
    } catch (err) {
      if (preparing !== null) dismissToast(preparing);
      if (err instanceof ApiError && err.code === NOT_SHARED) {
        // Revoked meanwhile (or a stale copy said it was shared): ask, as for a first download.
        queryClient.setQueryData<ShareState>(projectShareQueryKey(projectId), { link: null });
        setAsking(choice);
        return;
      }
      failed(DOWNLOAD_FAILED_TITLE, DOWNLOAD_TOASTS.downloadFailed)(err);
    }
  };

  const download = async (choice: DownloadChoice, kept = false) => {
    if (choice.format === 'listing') {
      if (!kept && gate.awaits) {
        setAskingChoice(choice);
        return;
      }
      const share = await queryClient.fetchQuery(projectShareQueryOptions(projectId)).catch(() => null);
      if (!share?.link) {
        setAsking(choice);
        return;
      }
    }
    await save(choice);
  };

  const confirm = {
    title: LISTING_SHARE_CONFIRM.title,
    description: LISTING_SHARE_CONFIRM.description,
    confirmLabel: LISTING_SHARE_CONFIRM.confirm,
    busyLabel: LISTING_SHARE_CONFIRM.busy,
    open: asking !== null,
    busy: createShare.isPending,
    onCancel: () => setAsking(null),
    onConfirm: () => {
      if (!asking) return;
      createShare.mutate(projectId, {
        onSuccess: () => {
          setAsking(null);
          void save(asking);
        },
        onError: failed(SHARE_LINK_TOASTS.sharingFailed),
      });
    },
  };
  const confirmChoice = {
    title: STRUCTURE_CHOICE.title,
    description: STRUCTURE_CHOICE.description,
    confirmLabel: STRUCTURE_CHOICE.keep,
    busyLabel: STRUCTURE_CHOICE.keeping,
    open: askingChoice !== null,
    busy: gate.keeping,
    onCancel: () => setAskingChoice(null),
    onConfirm: () => {
      if (!askingChoice) return;
      void gate.keep().then((kept) => {
        setAskingChoice(null);
        if (kept) void download(askingChoice, true);
      });
    },
  };
  return { download: (choice: DownloadChoice) => void download(choice), confirm, confirmChoice };
}
