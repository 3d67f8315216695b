import { showConfirmation, showToast, type ToastInput } from '../../../components/toast';

/** Confirmations follow the one rule of 'Show notifications'; warnings and errors always show. */
export function useNotify() {
  return {
    info: (title: string, description?: string) => void showConfirmation({ title, description }),
    error: (title: string, description?: string) =>
      showToast({ title, description, variant: 'destructive' } satisfies ToastInput),
  };
}
