export { Toaster } from './toaster';
export { showToast, dismissToast, type ToastInput } from './toast-store';
