import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toast';
import { UpdatePrompt } from '../components/update-prompt';
import { SignInDialogHost } from '../features/auth';
import { createQueryClient } from '../lib/query-client';
import { persistOptions } from '../offline/query-persister';
import { AppRoutes } from './router';
import { UploadQueueStatus } from './upload-queue-status';
import { useDeviceAccount } from './use-device-account';

function DeviceAccount() {
  useDeviceAccount();
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persist] = useState(persistOptions);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persist}>
      <BrowserRouter>
        <UploadQueueStatus />
        <AppRoutes />
        <SignInDialogHost />
        <DeviceAccount />
      </BrowserRouter>
      <Toaster />
      <UpdatePrompt />
    </PersistQueryClientProvider>
  );
}
