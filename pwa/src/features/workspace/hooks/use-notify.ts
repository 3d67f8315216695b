import { showToast, type ToastInput } from '../../../components/toast';
import { useLocalSettings } from '../../local-settings';

/** Confirmations respect the 'Show notifications' setting; warnings and errors always show. */
export function useNotify() {
  const settings = useLocalSettings();
  const quiet = settings.data?.showNotifications === false;
  return {
    info: (title: string, description?: string) => {
      if (!quiet) showToast({ title, description });
    },
    error: (title: string, description?: string) =>
      showToast({ title, description, variant: 'destructive' } satisfies ToastInput),
  };
}
