export { Toaster } from './toaster';
export {
  showToast,
  showError,
  dismissToast,
  failureToast,
  ERROR_TITLE,
  type ToastInput,
} from './toast-store';
export { showConfirmation } from './confirmation';
export { toastAvoid } from './toast-placement';
