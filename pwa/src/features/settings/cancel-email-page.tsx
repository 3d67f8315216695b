import { CANCEL_LINK_INVALID } from '@shared/api';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';
import { useCancelEmailChange } from './api/account';
import { SETTINGS_TEXTS } from './settings-texts';

/** `/cancel-email?token=...`, opened from the mail sent to the current address: the change is dropped. */
export function CancelEmailPage() {
  usePageMeta(SETTINGS_TEXTS.cancelTitle, 'Cancel a change of your Stagely email.', { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const cancel = useCancelEmailChange();
  const sent = useRef(false);
  // Cancelling only keeps the account as it is, so it may happen as the page opens.
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    cancel.mutate(token);
  }, [token, cancel]);
  return (
    <PageShell title={SETTINGS_TEXTS.cancelTitle}>
      {cancel.isSuccess ? (
        <p role="status">{cancel.data.message}</p>
      ) : cancel.isError || !token ? (
        <p role="alert" className="text-red-200">
          {cancel.error?.message ?? CANCEL_LINK_INVALID}
        </p>
      ) : (
        <p>{SETTINGS_TEXTS.cancelling}</p>
      )}
      <Link to="/settings" className="mt-4 inline-flex min-h-11 items-center text-indigo-300 hover:underline">
        {SETTINGS_TEXTS.toSettings}
      </Link>
    </PageShell>
  );
}
