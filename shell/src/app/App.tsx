import { BrowserRouter } from '@lab/router';
import { ToastProvider } from '@lab/ui';
import { SWRConfig } from 'swr';
import './i18n';
import { AppRoutes } from './routes';

/** The page's one router, one SWR cache and one message area; remotes render inside all three. */
export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
      <ToastProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ToastProvider>
    </SWRConfig>
  );
}
