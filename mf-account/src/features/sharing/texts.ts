import { registerNamespace } from '@lab/i18n';
import ru from './texts/ru.json';
import ua from './texts/ua.json';

/**
 * Sharing's texts, a namespace of their own in the account pages' chunk: the account's main texts load on
 * every page (its profile menu), these only where results are shared or opened. Both languages at once,
 * so a page in Russian never draws them in Ukrainian first.
 */
export const SHARING_NS = 'account-sharing';
void registerNamespace(SHARING_NS, { ua, ru });
