/**
 * People-facing texts for failures that bring no server message (offline, a timeout, a proxy's bare
 * 5xx): screens show `ApiError.message`, so it must never be axios' English.
 */
import { i18next, registerNamespace } from '@lab/i18n';

export const API_NAMESPACE = 'api';

registerNamespace(API_NAMESPACE, {
  ua: {
    network: 'Немає з’єднання з сервером. Перевірте інтернет і спробуйте ще раз.',
    timeout: 'Сервер не відповідає. Спробуйте ще раз.',
    http: 'Сервер тимчасово недоступний (код {{status}}). Спробуйте ще раз трохи пізніше.',
    unknown: 'Щось пішло не так. Спробуйте ще раз.',
  },
  ru: {
    network: 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.',
    timeout: 'Сервер не отвечает. Попробуйте ещё раз.',
    http: 'Сервер временно недоступен (код {{status}}). Попробуйте ещё раз немного позже.',
    unknown: 'Что-то пошло не так. Попробуйте ещё раз.',
  },
});

export type ClientFailure = 'network' | 'timeout' | 'http' | 'unknown';

/** The text in the page's current language (read when the failure happens). */
export function clientMessage(failure: ClientFailure, status?: number): string {
  return i18next.t(failure, { ns: API_NAMESPACE, status });
}
