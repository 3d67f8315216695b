import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiRequest, NetworkError } from '../../../lib/api-client';
import { enqueueRequest, newId, type OutboxNotice } from '../../../offline/outbox';
import { CONTACT_TOASTS } from '../contact-texts';

export const CONTACT_PATH = apiPath('contact');
export const CONTACT_OUTBOX_KIND = 'contact';

const notice: OutboxNotice = {
  sentTitle: CONTACT_TOASTS.sent.title,
  sentDescription: CONTACT_TOASTS.sent.description,
  failedTitle: CONTACT_TOASTS.notSent,
};

export type SendOutcome = 'sent' | 'queued';

/**
 * Sends the message; when the server cannot be reached (or fails on its side) the message is
 * queued in the outbox under the same Idempotency-Key and sent later, so it is never lost or doubled.
 */
export async function sendContactMessage(message: ContactMessage): Promise<SendOutcome> {
  const id = newId();
  try {
    await apiRequest(CONTACT_PATH, { method: 'POST', body: message, headers: { 'Idempotency-Key': id } });
    return 'sent';
  } catch (err) {
    const unreachable = err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
    if (!unreachable) throw err;
    await enqueueRequest({
      id,
      kind: CONTACT_OUTBOX_KIND,
      path: CONTACT_PATH,
      body: message,
      notice,
      lastError: err.message,
    });
    return 'queued';
  }
}

export function useSendContactMessage() {
  // 'always': offline is handled here (queued), not by pausing the mutation until the browser is online.
  return useMutation({ mutationFn: sendContactMessage, networkMode: 'always' });
}
