export { Toaster } from './toaster';
export { showToast, dismissToast, failureToast, type ToastInput } from './toast-store';
export { showConfirmation } from './confirmation';
export { toastAvoid } from './toast-placement';
