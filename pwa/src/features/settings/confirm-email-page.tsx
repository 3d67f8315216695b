import { EMAIL_LINK_INVALID } from '@shared/api';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';
import { useConfirmEmail } from './api/account';
import { SETTINGS_TEXTS } from './settings-texts';

/** `/confirm-email?token=...`, opened from the mail sent to the new address. */
export function ConfirmEmailPage() {
  usePageMeta(SETTINGS_TEXTS.confirmTitle, 'Confirm the new email of your Stagely account.', {
    noindex: true,
  });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  return (
    <PageShell title={SETTINGS_TEXTS.confirmTitle}>
      {confirm.isSuccess ? (
        <p role="status">{SETTINGS_TEXTS.emailChanged(confirm.data.email)}</p>
      ) : confirm.isError || !token ? (
        <p role="alert" className="text-red-200">
          {confirm.error?.message ?? EMAIL_LINK_INVALID}
        </p>
      ) : (
        <p>{SETTINGS_TEXTS.confirming}</p>
      )}
      <Link to="/settings" className="mt-4 inline-flex min-h-11 items-center text-indigo-300 hover:underline">
        {SETTINGS_TEXTS.toSettings}
      </Link>
    </PageShell>
  );
}
