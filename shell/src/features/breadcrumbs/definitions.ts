import type { CrumbDefinition } from './trail';

/** Which routes of spec section 2 show a crumb; ids mark labels that pages replace with real names. */
export const CRUMBS: readonly CrumbDefinition[] = [
  { pattern: '/account', labelKey: 'crumbs.account' },
  { pattern: '/account/personal-information', labelKey: 'crumbs.personal' },
  { pattern: '/account/orders', labelKey: 'crumbs.orders' },
  { pattern: '/account/patients', labelKey: 'crumbs.patients' },
  { pattern: '/account/patients/:id/results', labelKey: 'crumbs.patientResults', id: 'patient' },
  { pattern: '/account/patients/:id/results/:resultId', labelKey: 'crumbs.result', id: 'patient-result' },
  { pattern: '/account/results/:id', labelKey: 'crumbs.orderResults', id: 'order-results' },
  { pattern: '/cart', labelKey: 'crumbs.cart' },
  { pattern: '/checkout', labelKey: 'crumbs.checkout' },
  { pattern: '/checkout/result', labelKey: 'crumbs.paymentResult' },
  { pattern: '/search', labelKey: 'crumbs.search' },
  { pattern: '/getapp', labelKey: 'crumbs.getapp' },
  { pattern: '/analyzes', labelKey: 'crumbs.catalogue' },
  { pattern: '/analyzes/:slug', labelKey: 'crumbs.category', id: 'category' },
  { pattern: '/analysis/:slug', labelKey: 'crumbs.service', id: 'service' },
  { pattern: '/contacts', labelKey: 'crumbs.contacts' },
  { pattern: '/news', labelKey: 'crumbs.news' },
  { pattern: '/news/:slug', labelKey: 'crumbs.newsItem', id: 'news-item' },
  { pattern: '/about', labelKey: 'crumbs.about' },
  { pattern: '/documents', labelKey: 'crumbs.documents' },
  { pattern: '/documents/:slug', labelKey: 'crumbs.document', id: 'document' },
  { pattern: '/equipment', labelKey: 'crumbs.equipment' },
];
