import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { openSignIn, useSignInDialogState } from '../../../components/sign-in-opener';
import { showError } from '../../../components/toast';
import { AUTH_TOASTS } from './sign-in-texts';

// The dialog (and Headless UI with it) downloads on first use, not with every visitor's first page.
const SignInDialog = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** Mount once in the app: opens on openSignIn() and on `?signin=failed|email|forgot` (redirects, mail links). */
export function SignInDialogHost() {
  const { open } = useSignInDialogState();
  const [params, setParams] = useSearchParams();
  const [loaded, setLoaded] = useState(open);
  // Once loaded it stays mounted, so closing can animate and reopening is instant.
  if (open && !loaded) setLoaded(true);

  useEffect(() => {
    const signin = params.get('signin');
    if (!signin) return;
    if (signin === 'failed') {
      showError(AUTH_TOASTS.signInFailed.description, AUTH_TOASTS.signInFailed.title);
    }
    // Mails link to the email form (`email`) and to the forgotten-password form (`forgot`).
    openSignIn(signin === 'email' ? 'login' : signin === 'forgot' ? 'forgot' : 'choose');
    params.delete('signin');
    setParams(params, { replace: true });
  }, [params, setParams]);

  return loaded ? (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  ) : null;
}
