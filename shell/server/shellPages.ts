// The shell's own pages described in the shell's server's own process: the same route table the
// browser's router mounts (src/app/pages.ts) and the same protocol as a remote's module, with the
// shell's texts in an i18next instance of the server's own.
import { i18next } from '@lab/i18n';
import { createPageServer } from '@lab/pages/describe';
import ru from '../src/app/locales/ru.json';
import ua from '../src/app/locales/ua.json';
import { shellRoutes } from '../src/app/pages';
import type { Describer } from './describe';

const texts = i18next.createInstance();
void texts.init({
  resources: { ua: { shell: ua }, ru: { shell: ru } },
  lng: 'ua',
  fallbackLng: 'ua',
  defaultNS: 'shell',
  initAsync: false,
  // the first view escapes what it writes; the head's builder too
  interpolation: { escapeValue: false },
});

const server = createPageServer(shellRoutes, { texts });

/** The shell's page server. */
export const describeShellPage: Describer = async (request) => server.describePage(request);

/** The shell's texts in a locale (the site's name, the first view's labels). */
export const shellTexts = (locale: 'ua' | 'ru') => texts.getFixedT(locale, 'shell');
