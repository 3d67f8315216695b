import { useQueryClient } from '@tanstack/react-query';
import type { Property } from '@shared/api';
import { DOWNLOAD_FAILED_TITLE, STRUCTURE_ZIP_CONFIRM } from '@shared/domain';
import { useState } from 'react';
import { SHARE_LINK_TOASTS } from '../../../components/share-link-texts';
import { failureToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useCreatePropertyShare } from '../api/create-property-share';
import { downloadProperty } from '../api/download-property';
import { propertyShareQueryKey, propertyShareQueryOptions } from '../api/get-property-share';
import { ZIP_SHARE_CONFIRM, roomName } from '../property-texts';

/** The server's answer to a download of a property that has no buyer link (any more). */
const NOT_SHARED = 'not_shared';

const failed = failureToast;

/**
 * Downloads the property's ZIP. Its listing-ready photos carry QR codes of the property's buyer page, so
 * without a buyer link it asks first (`confirm` is the dialog's state) and publishes nothing unless the
 * owner agrees. Rooms whose result the structure check flagged are named and asked about before that
 * (`confirmFlagged`): listings must show each room as it is.
 */
export function usePropertyDownload(property: Property) {
  const queryClient = useQueryClient();
  const createShare = useCreatePropertyShare();
  const [asking, setAsking] = useState(false);
  const [askingFlagged, setAskingFlagged] = useState(false);
  const flaggedRooms = property.rooms
    .filter((r) => r.project?.status === 'completed' && r.project.structure?.some((c) => c.flagged))
    .map((r) => roomName(r.position));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await downloadProperty(property.id, property.name);
    } catch (err) {
      if (err instanceof ApiError && err.code === NOT_SHARED) {
        // Revoked meanwhile (or a stale copy said it was shared): ask, as for a first download.
        queryClient.setQueryData(propertyShareQueryKey(property.id), { link: null });
        setAsking(true);
        return;
      }
      failed(DOWNLOAD_FAILED_TITLE)(err);
    } finally {
      setSaving(false);
    }
  };

  const download = async (flaggedAccepted = false) => {
    if (flaggedRooms.length > 0 && !flaggedAccepted) {
      setAskingFlagged(true);
      return;
    }
    const share = await queryClient.fetchQuery(propertyShareQueryOptions(property.id)).catch(() => null);
    if (!share?.link) {
      setAsking(true);
      return;
    }
    await save();
  };

  const confirm = {
    title: ZIP_SHARE_CONFIRM.title,
    description: ZIP_SHARE_CONFIRM.description,
    confirmLabel: ZIP_SHARE_CONFIRM.confirm,
    busyLabel: ZIP_SHARE_CONFIRM.busy,
    open: asking,
    busy: createShare.isPending,
    tone: 'primary' as const,
    onCancel: () => setAsking(false),
    onConfirm: () =>
      createShare.mutate(property.id, {
        onSuccess: () => {
          setAsking(false);
          void save();
        },
        onError: failed(SHARE_LINK_TOASTS.sharingFailed),
      }),
  };
  const confirmFlagged = {
    title: STRUCTURE_ZIP_CONFIRM.title,
    description: STRUCTURE_ZIP_CONFIRM.description(flaggedRooms),
    confirmLabel: STRUCTURE_ZIP_CONFIRM.confirm,
    busyLabel: STRUCTURE_ZIP_CONFIRM.confirm,
    open: askingFlagged,
    busy: false,
    onCancel: () => setAskingFlagged(false),
    onConfirm: () => {
      setAskingFlagged(false);
      void download(true);
    },
  };
  return { download: () => void download(), saving, confirm, confirmFlagged };
}
