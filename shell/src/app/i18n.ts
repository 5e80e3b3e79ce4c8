import { registerNamespace } from '@lab/i18n';
import ua from './locales/ua.json';

// ua (the default and the fallback) with the shell; ru in a chunk of its own that only a page in
// Russian loads: the first render waits for it there (bootstrap, setLocale)
void registerNamespace('shell', {
  ua,
  ru: () => import(/* webpackChunkName: "texts-ru" */ './locales/ru.json'),
});
