// The texts of a branch's facts and an order's plan, registered when the subpath is first imported (the
// pages that draw them: contacts, checkout, the confirmation, the account's orders), not with @lab/ui's
// start-up texts. Plural forms as `one|few|many` (format/plural.ts).
import { registerNamespace } from '@lab/i18n';

/** The namespace of @lab/ui/branch's texts. */
export const BRANCH_NAMESPACE = 'uiBranch';

registerNamespace(BRANCH_NAMESPACE, {
  ua: {
    plan: {
      where: 'Куди прийти',
      when: 'Коли',
      visitAt: '{{date}}, орієнтовно о {{time}}: медсестра приїде за вказаною адресою.',
      reminder: 'Напередодні ввечері ми нагадаємо про візит SMS-повідомленням.',
      prepare: 'Як підготуватися',
      fasting:
        'Не їжте щонайменше {{hours}} {{unit}} перед взяттям матеріалу — це найсуворіше правило вашого замовлення: матеріал для всіх аналізів беруть за один раз. Чисту негазовану воду пити можна.',
      hourForms: 'годину|години|годин',
      for: 'Для: {{services}}',
      noPreparation: 'Спеціальна підготовка не потрібна.',
      results: 'Коли будуть результати',
      resultsBy: 'Орієнтовно {{date}}: до {{days}} {{unit}} після взяття матеріалу.',
      workingDayForms: 'робочого дня|робочих днів|робочих днів',
      resultsWhere: 'Щойно результати будуть готові, вони з’являться в особистому кабінеті, і ми надішлемо SMS.',
    },
    branch: {
      days: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд'],
      dayOff: 'вихідний',
      hours: 'Години роботи',
      status: { open: 'Відчинено', closed: 'Зачинено', 'closing-soon': 'Скоро зачиняється' },
      servicesLabel: 'Послуги відділення',
      services: {
        covidTest: 'Тест на COVID-19',
        childNurse: 'Дитяча медсестра',
        cardTerminal: 'Оплата карткою',
        ramp: 'Пандус',
        gynecologicalChair: 'Гінекологічне крісло',
        urogenitalMale: 'Урогенітальні мазки у чоловіків',
        everyDay: 'Щодня',
      },
    },
  },
  ru: {
    plan: {
      where: 'Куда прийти',
      when: 'Когда',
      visitAt: '{{date}}, ориентировочно в {{time}}: медсестра приедет по указанному адресу.',
      reminder: 'Накануне вечером мы напомним о визите SMS-сообщением.',
      prepare: 'Как подготовиться',
      fasting:
        'Не ешьте не менее {{hours}} {{unit}} перед взятием материала — это самое строгое правило вашего заказа: материал для всех анализов берут за один раз. Чистую негазированную воду пить можно.',
      hourForms: 'часа|часов|часов',
      for: 'Для: {{services}}',
      noPreparation: 'Специальная подготовка не требуется.',
      results: 'Когда будут результаты',
      resultsBy: 'Ориентировочно {{date}}: до {{days}} {{unit}} после взятия материала.',
      workingDayForms: 'рабочего дня|рабочих дней|рабочих дней',
      resultsWhere: 'Как только результаты будут готовы, они появятся в личном кабинете, и мы отправим SMS.',
    },
    branch: {
      days: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
      dayOff: 'выходной',
      hours: 'Часы работы',
      status: { open: 'Открыто', closed: 'Закрыто', 'closing-soon': 'Скоро закрывается' },
      servicesLabel: 'Услуги отделения',
      services: {
        covidTest: 'Тест на COVID-19',
        childNurse: 'Детская медсестра',
        cardTerminal: 'Оплата картой',
        ramp: 'Пандус',
        gynecologicalChair: 'Гинекологическое кресло',
        urogenitalMale: 'Урогенитальные мазки у мужчин',
        everyDay: 'Ежедневно',
      },
    },
  },
});
