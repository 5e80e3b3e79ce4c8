import { primeAnswers, readPrimedAnswers } from '@lab/api';
import { initI18n, localeFromPath, setLocale } from '@lab/i18n';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepPagePreview } from './features/remotes';

const locale = localeFromPath(window.location.pathname);
initI18n(locale);
void setLocale(locale);
// the answers the server fetched for this page: its first render does not ask for them again
primeAnswers(readPrimedAnswers(document));
keepPagePreview(document, window.location);

const container = document.getElementById('root');
// A transition renders in slices that yield to the browser every few milliseconds, instead of one
// long task: the server's first view is on screen meanwhile, and input is not blocked (README
// "Performance", total blocking time).
if (container) startTransition(() => createRoot(container).render(<App />));
