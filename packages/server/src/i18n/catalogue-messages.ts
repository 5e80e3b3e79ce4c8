/**
 * Texts of the catalogue, search and cart (spread into `messages`). `{name}` is replaced by the
 * AppError's params (errors.ts).
 */
export const catalogueMessages = {
  // ---- entities not found
  'service-not-found': { uk: 'Аналіз не знайдено', ru: 'Анализ не найден' },
  'group-not-found': { uk: 'Категорію не знайдено', ru: 'Категория не найдена' },
  'cart-not-found': { uk: 'Кошик не знайдено', ru: 'Корзина не найдена' },

  // ---- search (docs/product.md#validation: an empty query cannot be submitted)
  'search-query-empty': { uk: 'Введіть пошуковий запит', ru: 'Введите поисковый запрос' },

  // ---- cart
  'cart-service-unavailable': {
    uk: 'Цю послугу не можна замовити в обраному місті',
    ru: 'Эту услугу нельзя заказать в выбранном городе',
  },
  'cart-item-not-removable': {
    uk: 'Ця послуга додається разом з іншими аналізами, її не можна видалити окремо',
    ru: 'Эта услуга добавляется вместе с другими анализами, её нельзя удалить отдельно',
  },
  'cart-full': {
    uk: 'У кошику може бути не більше {max} послуг',
    ru: 'В корзине может быть не больше {max} услуг',
  },
} as const;
