// Toasts are shown only through notify.ts, which applies 'Show notifications': the store stays inside.
export { Toaster } from './toaster';
export { dismissToast } from './toast-store';
export { showConfirmation, showNotice, showError, failureToast, type ToastText } from './notify';
export { ERROR_TITLE, TRY_AGAIN } from './toast-texts';
export { toastAvoid, toastKeepClear } from './toast-placement';
