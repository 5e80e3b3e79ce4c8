import { registerNamespace } from '@lab/i18n';

/** The namespace of the shared primitives; components read it through `useTranslation(UI_NAMESPACE)`. */
export const UI_NAMESPACE = 'ui';

// Registered when the module loads so that every app using @lab/ui has the texts without set-up.
registerNamespace(UI_NAMESPACE, {
  ua: {
    close: 'Закрити',
    retry: 'Спробувати ще раз',
    loading: 'Завантаження…',
    errorTitle: 'Щось пішло не так',
    errorDescription: 'Не вдалося завантажити дані. Спробуйте ще раз трохи пізніше.',
    newTab: 'відкривається в новій вкладці',
  },
  ru: {
    close: 'Закрыть',
    retry: 'Попробовать ещё раз',
    loading: 'Загрузка…',
    errorTitle: 'Что-то пошло не так',
    errorDescription: 'Не удалось загрузить данные. Попробуйте ещё раз немного позже.',
    newTab: 'открывается в новой вкладке',
  },
});
