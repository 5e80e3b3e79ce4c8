import { initI18n, localeFromPath, setLocale } from '@lab/i18n';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const locale = localeFromPath(window.location.pathname);
initI18n(locale);
void setLocale(locale);

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
