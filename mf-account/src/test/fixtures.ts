/** Data the fake API answers with: the demo accounts' shapes, small. */
import type {
  AnalysisDynamics,
  DoctorSelf,
  Manager,
  Order,
  PatientSelf,
  Registry,
  ResultRow,
  Ward,
  Workplace,
} from '@lab/api';

export const WARD: Ward = {
  id: 12,
  type: 'ward',
  ward: true,
  userData: {
    id: 12,
    firstName: 'Софія',
    lastName: 'Коваленко',
    middleName: 'Андріївна',
    photo: false,
    mobilePhone: null,
    number: 'P-000012',
    email: null,
    gender: 'female',
    birthDay: '2014-09-02',
    version: 0,
  },
  attributes: { gender: 'female', puberty: null, pregnancyWeek: null, fetusCount: null, menopause: null },
};

export const PATIENT: PatientSelf = {
  id: 11,
  type: 'owner',
  userData: {
    id: 11,
    firstName: 'Олена',
    lastName: 'Коваленко',
    middleName: 'Петрівна',
    photo: true,
    mobilePhone: '+380501234567',
    number: 'P-000011',
    email: 'olena@example.com',
    gender: 'female',
    birthDay: '1988-04-15',
    version: 3,
  },
  phone: '+380501234567',
  attributes: { gender: 'female', puberty: null, pregnancyWeek: null, fetusCount: null, menopause: null },
  wards: [WARD],
};

export const DOCTOR: DoctorSelf = {
  doctorData: {
    id: 5,
    version: 2,
    firstName: 'Андрій',
    lastName: 'Мельник',
    middleName: 'Васильович',
    mobilePhone: '+380671234567',
    email: null,
    photo: false,
  },
};

export const MANAGER: Manager = {
  id: 3,
  firstName: 'Ірина',
  lastName: 'Бондар',
  middleName: 'Олегівна',
  phone: '+380441112233',
  email: 'i.bondar@lab.ua',
};

export const WORKPLACES: Workplace[] = [
  { id: 1, title: 'Медичний центр «Добробут»', code: 'MELNYK-1' },
  { id: 2, title: 'Сімейна клініка «Здоров’я»', code: 'MELNYK-2' },
];

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '6f1c2a9e-7b4d-4c1a-9e2f-0a1b2c3d4e5f',
    registryId: 101,
    number: '2600101',
    createdAt: '2026-01-10T08:30:00.000Z',
    state: 'results-ready',
    patient: { id: 11, firstName: 'Олена', lastName: 'Коваленко', middleName: 'Петрівна' },
    branch: { id: 3, title: 'Відділення на Хрещатику', address: 'вул. Хрещатик, 1', city: 'Київ' },
    homeVisit: null,
    items: [{ serviceId: 7, code: 'CBC', title: 'Загальний аналіз крові', price: 250, originalPrice: 260 }],
    additionalServices: [],
    totalPrice: 237.5,
    onlineDiscount: 12.5,
    promoDiscount: 0,
    otherDiscounts: 0,
    homeVisitCost: 0,
    paymentType: 'online',
    doctor: null,
    resultsFetchDate: '2026-01-11T12:00:00.000Z',
    resultsExpectedDate: '2026-01-14',
    resultsProgress: { received: 4, expected: 4 },
    receiptId: 'pay-101',
    ...overrides,
  };
}

export const ROWS: ResultRow[] = [
  {
    analysisId: 1,
    analysisName: 'Гемоглобін',
    result: '112',
    unit: 'г/л',
    referenceValues: '120 – 150',
    note: 'Нижче референтних значень',
    found: null,
    outOfRange: 'low',
  },
  {
    analysisId: 2,
    analysisName: 'Холестерин загальний',
    result: '6.10',
    unit: 'ммоль/л',
    referenceValues: '< 5.20',
    note: 'Вище референтних значень',
    found: null,
    outOfRange: 'high',
  },
  {
    analysisId: 3,
    analysisName: 'Глюкоза',
    result: '4.8',
    unit: 'ммоль/л',
    referenceValues: '3.9 – 5.8',
    note: null,
    found: null,
    outOfRange: null,
  },
  {
    analysisId: 4,
    analysisName: 'ПЛР Chlamydia trachomatis',
    result: 'Не виявлено',
    unit: null,
    referenceValues: 'Не виявлено',
    note: null,
    found: false,
    outOfRange: null,
  },
];

export const REGISTRY: Registry = {
  id: 101,
  number: '2600101',
  createdAt: '2026-01-10T08:30:00.000Z',
  patient: { id: 11, firstName: 'Олена', lastName: 'Коваленко', middleName: 'Петрівна' },
  resultsReady: true,
  resultsReadyAt: '2026-01-11T10:00:00.000Z',
  awaiting: 0,
  results: ROWS,
};

export const DYNAMICS: AnalysisDynamics = {
  analysisId: 1,
  analysisName: 'Гемоглобін',
  unit: 'г/л',
  referenceValues: '120 – 150',
  points: [
    { registryId: 90, date: '2025-01-05T10:00:00.000Z', result: '118', value: 118, found: null },
    { registryId: 95, date: '2025-06-05T10:00:00.000Z', result: '131', value: 131, found: null },
    { registryId: 101, date: '2026-01-11T10:00:00.000Z', result: '112', value: 112, found: null },
  ],
};
