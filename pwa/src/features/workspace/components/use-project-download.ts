import {
  LISTING_SHARE_CONFIRM,
  STRUCTURE_DOWNLOAD_CONFIRM,
  export4kFallbackNotice,
  type DownloadFormat,
} from '@shared/domain';
import type { Export4kPlan, ShareState } from '@shared/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dismissToast, failureToast, showToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import {
  downloadProject,
  export4kQueryKey,
  projectShareQueryKey,
  projectShareQueryOptions,
  useCreateProjectShare,
} from '../../projects';

export interface DownloadChoice {
  variant: number;
  format: DownloadFormat;
  size: '4k' | undefined;
}

/** The server's answer to a listing-ready download of a project that has no share link (any more). */
const NOT_SHARED = 'not_shared';

const failed = failureToast;
const EXPORT_4K_FALLBACK_TITLE = '4K image enlarged';
const EXPORT_4K_PREPARING = {
  title: 'Preparing your 4K image',
  description: 'AI upscaling takes a few seconds the first time.',
};

/**
 * Downloads a project's staged image. A listing-ready image carries a QR code of the project's public share
 * page, so when there is no share link yet it asks first (`confirm` is the dialog's state) and publishes
 * nothing unless the owner agrees. A listing-ready copy of a result whose room may have changed
 * (`isFlagged`) is asked about before that (`confirmFlagged`).
 */
export function useProjectDownload(projectId: string, isFlagged: (variant: number) => boolean = () => false) {
  const queryClient = useQueryClient();
  const createShare = useCreateProjectShare();
  const [asking, setAsking] = useState<DownloadChoice | null>(null);
  const [askingFlagged, setAskingFlagged] = useState<DownloadChoice | null>(null);

  const save = async (choice: DownloadChoice) => {
    const promised =
      choice.size === '4k' ? queryClient.getQueryData<Export4kPlan>(export4kQueryKey(projectId)) : undefined;
    // A first upscale takes seconds: say what is happening while the button seems idle.
    const preparing = promised?.source === 'upscaled' ? showToast(EXPORT_4K_PREPARING) : null;
    try {
      const made = await downloadProject(projectId, choice.variant, choice.format, choice.size);
      if (preparing !== null) dismissToast(preparing);
      // The switch promised an upscaled 4K, but the upscaler failed this time: say what the file is.
      if (made?.source === 'enlarged' && promised?.source === 'upscaled')
        showToast({
          title: EXPORT_4K_FALLBACK_TITLE,
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
      failed('Download Failed', 'Failed to download image')(err);
    }
  };

  const download = async (choice: DownloadChoice, flaggedAccepted = false) => {
    if (choice.format === 'listing') {
      if (!flaggedAccepted && isFlagged(choice.variant)) {
        setAskingFlagged(choice);
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
        onError: failed('Sharing Failed', 'Please try again.'),
      });
    },
  };
  const confirmFlagged = {
    title: STRUCTURE_DOWNLOAD_CONFIRM.title,
    description: STRUCTURE_DOWNLOAD_CONFIRM.description,
    confirmLabel: STRUCTURE_DOWNLOAD_CONFIRM.confirm,
    busyLabel: STRUCTURE_DOWNLOAD_CONFIRM.confirm,
    open: askingFlagged !== null,
    busy: false,
    onCancel: () => setAskingFlagged(null),
    onConfirm: () => {
      if (!askingFlagged) return;
      setAskingFlagged(null);
      void download(askingFlagged, true);
    },
  };
  return { download: (choice: DownloadChoice) => void download(choice), confirm, confirmFlagged };
}
