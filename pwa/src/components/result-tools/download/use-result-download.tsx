import { STRUCTURE_CHOICE, type MlsProfileId } from '@shared/domain';
import { useState, type ReactNode } from 'react';
import { useExport4kPlan } from '../../../api/projects';
import { ConfirmDialog } from '../../confirm-dialog';
import { RESTAGE_BUTTON, type StructureChoice } from '../../structure-choice';
import { useLimits } from '../../../lib/limits';
import { DownloadFormatToggle, Export4kToggle, useDownloadFormat } from './download-format-toggle';
import { DownloadMlsSelect } from './download-mls-select';
import { useProjectDownload } from './use-project-download';

export interface ResultDownloadOptions {
  /** The signed-in owner's own project (not the demo's): listing-ready under an MLS, and Pro's 4K. */
  owned: boolean;
  /** The result is finished: what a Pro's 4K would be is asked for only then. */
  ready: boolean;
  /** The MLS a listing-ready copy follows until another is picked (a property's); null: the agent's own. */
  mls?: MlsProfileId | null;
  /** Asks what a 4K copy would be only once 4K is switched on (many results on one page). */
  planOnAsking?: boolean;
  /** Said after the share question's words where its 'Share with a buyer' card is elsewhere. */
  shareWhere?: string;
}

export interface ResultDownload {
  /** For the comparison's Download button: the selected option's index. */
  onDownload: (variant: number) => void;
  /** Beside the Download button: Plain or Listing-ready, the MLS of a listing-ready copy, Pro's 4K. */
  options: ReactNode;
  /** The questions a download may ask first (publish a share link for the QR code, keep or restage). */
  dialogs: ReactNode;
}

/**
 * A finished result's Download as the workspace offers it, wherever a result is shown: the format
 * remembered on the device, the MLS whose rules a listing-ready copy follows, 4K for Pro, and the
 * questions asked before a listing-ready copy of a result that still changes the room.
 */
export function useResultDownload(
  projectId: string,
  choice: StructureChoice,
  { owned, ready, mls: ownMls = null, planOnAsking = false, shareWhere }: ResultDownloadOptions,
): ResultDownload {
  const [format, setFormat] = useDownloadFormat();
  const [in4k, setIn4k] = useState(false);
  // Undefined until picked here: the given MLS (a property's, changed meanwhile) holds until then.
  const [picked, setPicked] = useState<MlsProfileId | null | undefined>(undefined);
  const mls = picked === undefined ? ownMls : picked;
  const isPro = useLimits(owned).data?.hasActiveSubscription === true;
  const plan = useExport4kPlan(projectId, isPro && ready && (!planOnAsking || in4k)).data;
  const { download, confirm, confirmChoice } = useProjectDownload(projectId, choice);
  return {
    onDownload: (variant) =>
      download({ variant, format, size: isPro && in4k ? '4k' : undefined, mls: mls ?? undefined }),
    options: (
      <>
        <DownloadFormatToggle value={format} onChange={setFormat} />
        {format === 'listing' && owned && <DownloadMlsSelect value={mls} onChange={setPicked} />}
        {isPro && <Export4kToggle value={in4k} onChange={setIn4k} plan={plan} />}
      </>
    ),
    dialogs: (
      <>
        <ConfirmDialog {...confirmChoice} tone="primary">
          <button
            type="button"
            className={`${RESTAGE_BUTTON} mt-4 w-full sm:w-auto`}
            disabled={choice.restaging}
            onClick={() => {
              confirmChoice.onCancel();
              choice.restage();
            }}
          >
            {STRUCTURE_CHOICE.restage}
          </button>
        </ConfirmDialog>
        <ConfirmDialog
          {...confirm}
          description={shareWhere ? `${confirm.description} ${shareWhere}` : confirm.description}
          tone="primary"
        />
      </>
    ),
  };
}
