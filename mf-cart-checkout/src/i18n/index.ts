import { registerNamespace } from '@lab/i18n';
import ua from './ua.json';

export const NAMESPACE = 'cartCheckout';

/**
 * The app's texts: ua (the default and the fallback) with its modules, ru in a chunk of its own that
 * only a page in Russian loads. Each exposed module exports it, and the shell renders the module once it
 * has settled (its routes' pages share it).
 */
export const textsReady = registerNamespace(NAMESPACE, {
  ua,
  ru: () => import(/* webpackChunkName: "texts-ru" */ './ru.json'),
});
