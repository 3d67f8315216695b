import { Link } from 'react-router-dom';
import { openSignIn } from '../components/sign-in-opener';
import {
  discardUpload,
  OFFLINE_NOTHING_QUEUED,
  photoCount,
  retryUpload,
  SIGN_IN,
  SIGN_IN_AGAIN,
  WAITING_FOR_CONNECTION,
  waitingText,
  type Sender,
  type UploadRecord,
} from '../offline/uploads';
import { OtherAccountUploadsNotice, actionClass } from './other-account-uploads';
import { useOutboxWaiting } from './use-outbox-waiting';
import { useSharedPhotosNotice } from './use-shared-photos-notice';
import { useUploadQueue } from './use-upload-queue';

/** A project's name; a property's photo by its property; a property made offline by its name. */
const nameOf = (r: UploadRecord) =>
  r.target?.kind === 'room' ? `${r.fields.propertyName ?? ''}: ${r.fileName}` : (r.fields.name ?? r.fileName);
const notSent = (r: UploadRecord) => (r.target?.kind === 'property' ? 'was not saved' : 'was not uploaded');

/**
 * Says when photos wait and why (also those kept for another account), and lets the user retry or
 * discard the ones the server refused. `send` replaces the real upload (tests).
 */
export function UploadQueueStatus({ send }: { send?: Sender }) {
  const { state, kick, online } = useUploadQueue(send);
  const requests = useOutboxWaiting();
  useSharedPhotosNotice();
  const queued = state.waiting + requests.edits + requests.messages;
  const nothing = queued === 0 && state.failed.length === 0 && state.otherAccounts.length === 0;
  if (nothing && online) return null;
  const photos = photoCount(state.waiting);
  // Everything that waits: photos, a property's rooms, edits and messages, so nothing is redone twice.
  const everything = waitingText({ ...requests, photos: state.waiting - state.rooms, rooms: state.rooms });
  // An edit's first try failed: it waits for the server as a stalled photo does.
  const stalled = state.stalled || requests.edits + requests.messages > 0;

  const retry = async (id: string) => {
    await retryUpload(id);
    await kick();
  };

  return (
    // In the page's flow above everything else, so it pushes the page down instead of covering its controls.
    <section aria-label="Upload queue" className="border-b border-amber-700 bg-slate-900">
      <div className="mx-auto max-h-[40vh] w-full max-w-7xl space-y-2 overflow-y-auto px-5 py-2 text-sm sm:px-6">
        {queued === 0 && !online && (
          <p role="status" className="min-h-11 content-center">
            {OFFLINE_NOTHING_QUEUED}
          </p>
        )}
        {state.waiting > 0 && state.blocked && (
          <div className="flex flex-wrap items-center gap-x-3">
            {state.blocked === 'auth' ? (
              <>
                <p role="status" className="flex-1">
                  {state.owned ? SIGN_IN_AGAIN : SIGN_IN} to upload {photos}.
                </p>
                <button
                  type="button"
                  className={`${actionClass} text-indigo-300`}
                  onClick={() => openSignIn('login')}
                >
                  Sign In
                </button>
              </>
            ) : state.blocked === 'payment' ? (
              <>
                <p role="status" className="flex-1">
                  {photos} {state.waiting === 1 ? 'waits' : 'wait'} for credits.
                </p>
                <Link to="/subscribe" className={`${actionClass} inline-flex items-center text-amber-300`}>
                  Upgrade to Pro
                </Link>
              </>
            ) : null}
          </div>
        )}
        {queued > 0 && !(state.waiting > 0 && state.blocked) && (
          <p role="status" className="min-h-11 content-center">
            {!online || (stalled && !state.sending)
              ? `${WAITING_FOR_CONNECTION}: ${everything} queued`
              : `Uploading ${everything}...`}
          </p>
        )}
        {state.failed.length > 0 && (
          <ul aria-label="Uploads that failed" className="space-y-2">
            {state.failed.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-2 border-t border-slate-800 pt-2">
                <p className="min-w-0 flex-1">
                  <span className="font-medium">{nameOf(r)}</span> {notSent(r)}:{' '}
                  <span className="text-red-300">{r.lastError ?? 'Upload failed'}</span>
                </p>
                <button
                  type="button"
                  aria-label={`Retry ${nameOf(r)}`}
                  className={`${actionClass} text-amber-300`}
                  onClick={() => void retry(r.id)}
                >
                  Retry
                </button>
                <button
                  type="button"
                  aria-label={`Discard ${nameOf(r)}`}
                  className={`${actionClass} text-slate-300`}
                  onClick={() => void discardUpload(r.id)}
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
        )}
        {state.otherAccounts.length > 0 && (
          <div aria-label="Photos of other accounts" role="group" className="space-y-2">
            {state.otherAccounts.map((group) => (
              <OtherAccountUploadsNotice key={group.ownerId} group={group} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
