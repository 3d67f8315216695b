import { alertClass, linkButtonClass, noticeClass, submitClass } from './form-styles';
import {
  CHECK_EMAIL_TITLE,
  LINK_SENT_AGAIN,
  PLEASE_WAIT,
  SEND_LINK_AGAIN,
  USE_ANOTHER_ADDRESS,
} from './sign-in-texts';

/** After a sign-up: the link is in the mail; it can be sent again, or the address corrected. */
export function CheckEmail({
  message,
  resent,
  error,
  pending,
  onResend,
  onChangeAddress,
}: {
  message: string;
  resent: boolean;
  error: string | null;
  pending: boolean;
  onResend: () => void;
  onChangeAddress: () => void;
}) {
  return (
    <section className="space-y-3" aria-labelledby="check-email-title">
      <h3 id="check-email-title" className="text-lg font-semibold">
        {CHECK_EMAIL_TITLE}
      </h3>
      <p role="status" className={noticeClass}>
        {message}
      </p>
      {resent && <p className="text-sm text-slate-300">{LINK_SENT_AGAIN}</p>}
      {error && (
        <p role="alert" className={alertClass}>
          {error}
        </p>
      )}
      <button type="button" className={submitClass} disabled={pending} onClick={onResend}>
        {pending ? PLEASE_WAIT : SEND_LINK_AGAIN}
      </button>
      <p className="text-center text-sm">
        <button type="button" className={linkButtonClass} onClick={onChangeAddress}>
          {USE_ANOTHER_ADDRESS}
        </button>
      </p>
    </section>
  );
}
