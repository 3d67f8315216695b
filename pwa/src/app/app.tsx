import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toast';
import { SignInDialog } from '../features/auth';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <SignInDialog />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
