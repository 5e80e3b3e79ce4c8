import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import './i18n';
import { AppRoutes } from './routes';

/** The page's one router and one SWR cache; remotes render inside both. */
export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SWRConfig>
  );
}
