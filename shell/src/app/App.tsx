import { RouterProvider } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import { SWRConfig } from 'swr';
import './i18n';
import type { AppRouter } from './routes';

/** The page's one router, one SWR cache and one message area; remotes render inside all three. */
export function App({ router }: { router: AppRouter }) {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>
  );
}
