import { lazy } from 'react';

/** The reset page in its own chunk: the feature's index is on every page, this page is rarely opened. */
export const ResetPasswordPage = lazy(() =>
  import('./reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

/** The sign-up link's page, in its own chunk for the same reason. */
export const ConfirmAccountPage = lazy(() =>
  import('./confirm-account-page').then((m) => ({ default: m.ConfirmAccountPage })),
);
