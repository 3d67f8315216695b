import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toast';
import { UpdatePrompt } from '../components/update-prompt';
import { SignInDialogHost } from '../features/auth';
import { createQueryClient } from '../lib/query-client';
import { persistOptions } from '../offline/cache';
import { LiveStatusWhenSignedIn } from './live-status-when-signed-in';
import { AppRoutes } from './router';
import { OfflineQueuesWhenNeeded } from './offline-queues-when-needed';
import { useDeviceAccount } from './use-device-account';

function DeviceAccount() {
  useDeviceAccount();
  return null;
}

/** The whole app; `router` is the browser's history, or a fixed location when rendered at build time. */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  const [queryClient] = useState(createQueryClient);
  const [persist] = useState(persistOptions);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persist}>
      <Router>
        <OfflineQueuesWhenNeeded />
        <AppRoutes />
        <SignInDialogHost />
        <DeviceAccount />
        <LiveStatusWhenSignedIn />
      </Router>
      <Toaster />
      <UpdatePrompt />
    </PersistQueryClientProvider>
  );
}
