import { lazy } from 'react';

/** The reset page in its own chunk: the feature's index is on every page, this page is rarely opened. */
export const ResetPasswordPage = lazy(() =>
  import('./reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
