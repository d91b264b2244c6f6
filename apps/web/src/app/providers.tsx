import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec section 2: bottom-right, one at a time, close button, Alt+T focuses them. */}
      <Toaster position="bottom-right" visibleToasts={1} closeButton hotkey={['altKey', 'KeyT']} richColors />
    </QueryClientProvider>
  );
}
