/**
 * Method, client and path of every call of docs/product.md#calls: plain data with no schema code, so the
 * browser clients can import it. `contract/routes.ts` adds the schemas to each entry for the server;
 * a type check there makes the two lists match key for key.
 */
export type HttpMethod = 'GET' | 'POST';
/** Which axios client (and which `/api/...` prefix) serves the call. */
export type ClientKind = 'public' | 'private' | 'app';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly client: ClientKind;
  /** Relative to the client's base, `:name` for path parameters. */
  readonly path: string;
  /** The reply is bytes (an image for `<img src>`, a PDF), not JSON. */
  readonly binary?: true;
  /** The request is multipart/form-data with this file field. */
  readonly multipart?: 'file';
}

export const endpoints = {
  // ---- settlements and branches
  settlementNearest: { method: 'POST', client: 'public', path: '/user/branches/enabled/settlements/near' },
  settlementsList: { method: 'GET', client: 'public', path: '/user/branches/enabled/settlements' },
  settlementBranches: { method: 'GET', client: 'public', path: '/user/branches/settlements/:id/enabled' },

  // ---- services and groups
  serviceGroupTree: { method: 'GET', client: 'public', path: '/service/services/groups/enabled/tree/separated' },
  serviceList: { method: 'POST', client: 'public', path: '/service/services/infos/settlements' },
  serviceBySlug: { method: 'GET', client: 'public', path: '/service/services/infos/slug/:slug' },
  servicePreparation: { method: 'GET', client: 'public', path: '/service/services/:id/enabled/preparation' },
  serviceClientsBuy: { method: 'GET', client: 'public', path: '/content/services/groups/clients/services/infos' },
  servicePackages: { method: 'GET', client: 'public', path: '/service/services/infos/:id/packages' },
  servicesPopular: { method: 'GET', client: 'public', path: '/content/services/groups/popular/services/infos' },
  serviceGenealogy: { method: 'GET', client: 'public', path: '/service/services/:id/enabled/genealogy' },
  serviceGenealogies: { method: 'POST', client: 'public', path: '/service/services/ids/enabled/genealogies' },
  preparationRules: { method: 'GET', client: 'public', path: '/service/services/preparation' },
  discountByCode: { method: 'GET', client: 'public', path: '/service/discounts/search/:code' },

  // ---- cart: guests use the public client with their cart id, signed-in users the private one
  cartGuestGet: { method: 'GET', client: 'public', path: '/cart/carts/:cartId' },
  cartGuestCreate: { method: 'POST', client: 'public', path: '/cart/carts' },
  cartGuestAdd: { method: 'POST', client: 'public', path: '/cart/carts/:cartId/add' },
  cartGuestRemove: { method: 'POST', client: 'public', path: '/cart/carts/:cartId/remove' },
  cartGet: { method: 'GET', client: 'private', path: '/cart/carts' },
  cartAdd: { method: 'POST', client: 'private', path: '/cart/carts/add' },
  cartRemove: { method: 'POST', client: 'private', path: '/cart/carts/remove' },
  cartMerge: { method: 'POST', client: 'private', path: '/cart/carts/merge/:cartId' },

  // ---- menus and content
  menus: { method: 'GET', client: 'public', path: '/content/menus/infos/enabled' },
  articleByType: { method: 'GET', client: 'public', path: '/content/articles/type/:type/first/enabled' },
  mobileApp: { method: 'GET', client: 'public', path: '/content/mobile-app' },
  newsList: { method: 'GET', client: 'public', path: '/content/news' },
  newsBySlug: { method: 'GET', client: 'public', path: '/content/news/slug/:slug' },
  equipment: { method: 'GET', client: 'public', path: '/content/equipments/enabled' },
  documentsList: { method: 'GET', client: 'public', path: '/content/documents' },
  documentBySlug: { method: 'GET', client: 'public', path: '/content/documents/slug/:slug' },

  // ---- search
  search: { method: 'POST', client: 'public', path: '/search/search' },

  // ---- auth and reference lists
  genders: { method: 'GET', client: 'public', path: '/core/genders' },
  specializations: { method: 'GET', client: 'public', path: '/core/specializations' },
  authPhone: { method: 'POST', client: 'public', path: '/auth' },
  login: { method: 'POST', client: 'public', path: '/login' },
  registrationApprove: { method: 'POST', client: 'public', path: '/patient/patients/registration/:id/approve' },
  registrationRegister: { method: 'POST', client: 'public', path: '/patient/patients/registration/:id/register' },
  sessionInfo: { method: 'GET', client: 'private', path: '/info' },
  logout: { method: 'POST', client: 'private', path: '/logout' },

  // ---- notices (not in docs/product.md#calls: the results-ready SMS and its switch in personal data)
  notificationSettings: { method: 'GET', client: 'private', path: '/user/users/self/notifications' },
  notificationSettingsUpdate: { method: 'POST', client: 'private', path: '/user/users/self/notifications' },

  // ---- doctor
  doctorSelf: { method: 'GET', client: 'private', path: '/user/doctors/self' },
  doctorPhoto: { method: 'GET', client: 'private', path: '/user/doctors/self/photo', binary: true },
  doctorPhotoUpload: { method: 'POST', client: 'private', path: '/user/doctors/self/photo', multipart: 'file' },
  doctorManager: { method: 'GET', client: 'private', path: '/user/doctors/self/manager' },
  doctorWorkplaces: { method: 'GET', client: 'private', path: '/user/doctors/self/workplaces' },
  doctorWorkplaceCurrent: { method: 'GET', client: 'private', path: '/user/doctors/self/workplaces/current' },
  doctorWorkplaceSelect: { method: 'POST', client: 'private', path: '/user/doctors/self/workplaces/:id/current' },
  doctorSpecialization: { method: 'GET', client: 'private', path: '/user/doctors/self/specialization' },

  // ---- patient
  patientSelf: { method: 'GET', client: 'private', path: '/patient/patients/self' },
  patientUpdate: { method: 'POST', client: 'private', path: '/patient/patients/self' },
  patientPhoto: { method: 'GET', client: 'private', path: '/patient/patients/self/photo', binary: true },
  patientPhotoUpload: { method: 'POST', client: 'private', path: '/patient/patients/self/photo', multipart: 'file' },
  wardsList: { method: 'GET', client: 'private', path: '/patient/patients/self/wards' },
  wardCreate: { method: 'POST', client: 'private', path: '/patient/patients/self/wards' },
  wardUpdate: { method: 'POST', client: 'private', path: '/patient/patients/self/wards/:id' },
  wardPhoto: { method: 'GET', client: 'private', path: '/patient/patients/self/wards/:id/photo', binary: true },
  wardPhotoUpload: {
    method: 'POST',
    client: 'private',
    path: '/patient/patients/self/wards/:id/photo',
    multipart: 'file',
  },
  phoneCandidate: { method: 'POST', client: 'private', path: '/patient/patients/self/candidates/phone' },
  phoneCandidateApprove: {
    method: 'POST',
    client: 'private',
    path: '/patient/patients/self/candidates/phone/approve',
  },
  patientDoctorPhoto: {
    method: 'GET',
    client: 'private',
    path: '/patient/patients/self/doctor/:id/photo',
    binary: true,
  },

  // ---- orders and payment
  orderCreate: { method: 'POST', client: 'private', path: '/order/orders' },
  /** The order by its client-generated id (the payment return page knows only that). */
  orderGet: { method: 'GET', client: 'private', path: '/order/orders/:orderId' },
  /** Where, when, how to prepare and when results come: the confirmation's and the order's plan. */
  orderPlan: { method: 'GET', client: 'private', path: '/order/orders/:orderId/plan' },
  /** Free arrival times of a nurse's home visit on a day. */
  homeVisitSlots: { method: 'GET', client: 'private', path: '/order/home-visit/slots' },
  /** Where a nurse comes, at what price and hours: the /home-visit page and checkout read the same. */
  homeVisitTerms: { method: 'GET', client: 'public', path: '/order/home-visit/terms' },
  registryCreate: { method: 'POST', client: 'private', path: '/order/orders/registry' },
  registryPayment: { method: 'POST', client: 'private', path: '/order/orders/registry/payment' },
  /** After a failed payment: pay at the branch instead (or back to online). */
  registryPaymentMethod: { method: 'POST', client: 'private', path: '/order/orders/registry/payment/method' },
  receipt: { method: 'GET', client: 'private', path: '/finance/transactions/payment/checkbox/receipt/:id/pdf/base64' },

  // ---- order lists and results
  registriesList: { method: 'GET', client: 'private', path: '/admin-app/registries/self' },
  registryOrder: { method: 'GET', client: 'private', path: '/admin-app/registries/self/:id' },
  registry: { method: 'GET', client: 'private', path: '/registry/registries/self/:id' },
  registryResults: { method: 'GET', client: 'private', path: '/registry/registries/self/:id/results' },
  /** The order's results as a PDF document (not in docs/product.md#calls: its print-only button was a gap). */
  registryResultsPdf: {
    method: 'GET',
    client: 'private',
    path: '/registry/registries/self/:id/results/pdf',
    binary: true,
  },
  /** The order's results as a FHIR R4 Bundle, for health-record apps (not in docs/product.md#calls either). */
  registryResultsFhir: {
    method: 'GET',
    client: 'private',
    path: '/registry/registries/self/:id/results/fhir',
    binary: true,
  },
  registriesCount: { method: 'GET', client: 'private', path: '/registry/registries/self/count' },
  // ---- shared results (docs/product.md#roles and #errors): the owner's links, the recipient's reads (not in docs/product.md#calls)
  resultShareCreate: { method: 'POST', client: 'private', path: '/registry/shares/self' },
  resultSharesList: { method: 'GET', client: 'private', path: '/registry/shares/self' },
  resultShareRevoke: { method: 'POST', client: 'private', path: '/registry/shares/self/:id/revoke' },
  sharingSettings: { method: 'GET', client: 'private', path: '/user/users/self/sharing' },
  sharingSettingsUpdate: { method: 'POST', client: 'private', path: '/user/users/self/sharing' },
  sharedResults: { method: 'POST', client: 'public', path: '/registry/shared/:token' },
  sharedResultsPdf: { method: 'POST', client: 'public', path: '/registry/shared/:token/pdf', binary: true },
  sharedResultsDoctor: { method: 'POST', client: 'private', path: '/registry/shared/:token/doctor' },
  patientRegistries: { method: 'GET', client: 'private', path: '/registry/registries/self/patient/:id' },
  patientRegistriesCount: { method: 'GET', client: 'private', path: '/registry/registries/self/patient/:id/count' },
  analysisDynamics: {
    method: 'GET',
    client: 'private',
    path: '/registry/registries/self/patient/:patientId/analysis/:analysisId/results',
  },

  // ---- app
  appConfiguration: { method: 'GET', client: 'app', path: '/order/default/configuration' },
  // real-user monitoring: web vitals and remote failures, sent with navigator.sendBeacon (not in docs/product.md#calls)
  vitals: { method: 'POST', client: 'app', path: '/vitals' },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
