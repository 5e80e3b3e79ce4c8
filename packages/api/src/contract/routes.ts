/**
 * The route table: every call of docs/product.md#calls with its method, client, path and schemas. The server
 * registers its routes and builds its OpenAPI document from this; the browser imports only its type.
 * Paths are relative to the client's prefix (`/api/public`, `/api/private`, `/api/app`).
 */
import type { TSchema } from '@sinclair/typebox';
import { type EndpointKey, type Endpoints, endpoints } from '../endpoints';
import { AppConfiguration, VitalsBeacon } from './app';
import {
  AuthBody,
  CodeBody,
  GendersResponse,
  LoginBody,
  LoginResponse,
  PhoneData,
  RegistrationApproveResponse,
  RegistrationParams,
  RegistrationPayload,
  RegistrationResponse,
  SessionInfo,
  SpecializationsResponse,
} from './auth';
import {
  Cart,
  CartCreateBody,
  CartCreateQuery,
  CartItemsBody,
  CartParams,
  CartQuery,
  Discount,
  DiscountParams,
} from './cart';
import { Count, Ok } from './common';
import {
  Article,
  ArticleParams,
  DocumentsListQuery,
  DocumentsListResponse,
  EquipmentResponse,
  LabDocumentDetail,
  MenusQuery,
  MenusResponse,
  MobileApp,
  NewsArticle,
  NewsListQuery,
  NewsListResponse,
  SlugParams,
} from './content';
import {
  CurrentWorkplaceResponse,
  DoctorSelf,
  DoctorSpecializationResponse,
  ManagerResponse,
  Workplace,
  WorkplaceParams,
  WorkplacesResponse,
} from './doctor';
import {
  HomeVisitSlotsQuery,
  HomeVisitSlotsResponse,
  HomeVisitTermsResponse,
  Order,
  OrderCreateBody,
  OrderParams,
  PaymentBody,
  PaymentMethodBody,
  PaymentQuery,
  PaymentResponse,
  ReceiptParams,
  ReceiptResponse,
  RegistryCreateBody,
  RegistryCreateResponse,
} from './orders';
import {
  DoctorPhotoParams,
  PatientProfileBody,
  PatientSelf,
  PhoneCandidateApproveBody,
  PhoneCandidateBody,
  PhoneCandidateResponse,
  PhotoImage,
  PhotoUploadResponse,
  Ward,
  WardBody,
  WardParams,
  WardsResponse,
} from './patient';
import {
  AnalysisDynamics,
  AnalysisDynamicsParams,
  NotificationSettings,
  NotificationSettingsBody,
  PatientParams,
  PatientRegistriesCountQuery,
  PatientRegistriesQuery,
  PatientRegistriesResponse,
  RegistriesCountQuery,
  RegistriesQuery,
  RegistriesResponse,
  Registry,
  RegistryParams,
  ResultRowsResponse,
  ResultsFhir,
  ResultsPdf,
} from './results';
import { SearchBody, SearchResponse } from './search';
import {
  ClientsBuyQuery,
  GenealogiesBody,
  GenealogiesResponse,
  Genealogy,
  PreparationRulesResponse,
  ServiceCardsResponse,
  ServiceGroupTreeResponse,
  ServiceInfo,
  ServiceListBody,
  ServiceListQuery,
  ServiceListResponse,
  ServiceParams,
  ServicePreparation,
  ServiceSlugParams,
  SettlementQuery,
} from './services';
import {
  IncludePartnersQuery,
  NearestSettlementBody,
  NearestSettlementResponse,
  SettlementBranchesResponse,
  SettlementParams,
  SettlementsListQuery,
  SettlementsListResponse,
} from './settlements';
import {
  ResultShare,
  ShareCreateBody,
  ShareCreated,
  SharedForDoctor,
  SharedOpenBody,
  SharedParams,
  SharedResults,
  ShareParams,
  SharesResponse,
  SharingSettings,
  SharingSettingsBody,
} from './shares';
import { OrderPlan } from './visit';

/** The schemas of one route; `response` is the 200 reply (errors are always ErrorBody). */
export interface RouteSchemas {
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  readonly response: TSchema;
}

const schemas = {
  settlementNearest: {
    querystring: IncludePartnersQuery,
    body: NearestSettlementBody,
    response: NearestSettlementResponse,
  },
  settlementsList: { querystring: SettlementsListQuery, response: SettlementsListResponse },
  settlementBranches: {
    params: SettlementParams,
    querystring: IncludePartnersQuery,
    response: SettlementBranchesResponse,
  },

  serviceGroupTree: { response: ServiceGroupTreeResponse },
  serviceList: { querystring: ServiceListQuery, body: ServiceListBody, response: ServiceListResponse },
  serviceBySlug: { params: ServiceSlugParams, querystring: SettlementQuery, response: ServiceInfo },
  servicePreparation: { params: ServiceParams, response: ServicePreparation },
  serviceClientsBuy: { querystring: ClientsBuyQuery, response: ServiceCardsResponse },
  servicePackages: { params: ServiceParams, querystring: SettlementQuery, response: ServiceCardsResponse },
  servicesPopular: { querystring: SettlementQuery, response: ServiceCardsResponse },
  serviceGenealogy: { params: ServiceParams, response: Genealogy },
  serviceGenealogies: { body: GenealogiesBody, response: GenealogiesResponse },
  preparationRules: { response: PreparationRulesResponse },
  discountByCode: { params: DiscountParams, response: Discount },

  cartGuestGet: { params: CartParams, querystring: CartQuery, response: Cart },
  cartGuestCreate: { querystring: CartCreateQuery, body: CartCreateBody, response: Cart },
  cartGuestAdd: { params: CartParams, querystring: CartQuery, body: CartItemsBody, response: Cart },
  cartGuestRemove: { params: CartParams, querystring: CartQuery, body: CartItemsBody, response: Cart },
  cartGet: { querystring: CartQuery, response: Cart },
  cartAdd: { querystring: CartQuery, body: CartItemsBody, response: Cart },
  cartRemove: { querystring: CartQuery, body: CartItemsBody, response: Cart },
  cartMerge: { params: CartParams, querystring: CartQuery, response: Cart },

  menus: { querystring: MenusQuery, response: MenusResponse },
  articleByType: { params: ArticleParams, response: Article },
  mobileApp: { response: MobileApp },
  newsList: { querystring: NewsListQuery, response: NewsListResponse },
  newsBySlug: { params: SlugParams, response: NewsArticle },
  equipment: { response: EquipmentResponse },
  documentsList: { querystring: DocumentsListQuery, response: DocumentsListResponse },
  documentBySlug: { params: SlugParams, response: LabDocumentDetail },

  search: { body: SearchBody, response: SearchResponse },

  genders: { response: GendersResponse },
  specializations: { response: SpecializationsResponse },
  authPhone: { body: AuthBody, response: PhoneData },
  login: { body: LoginBody, response: LoginResponse },
  registrationApprove: { params: RegistrationParams, body: CodeBody, response: RegistrationApproveResponse },
  registrationRegister: { params: RegistrationParams, body: RegistrationPayload, response: RegistrationResponse },
  sessionInfo: { response: SessionInfo },
  logout: { response: Ok },

  doctorSelf: { response: DoctorSelf },
  doctorPhoto: { response: PhotoImage },
  doctorPhotoUpload: { response: PhotoUploadResponse },
  doctorManager: { response: ManagerResponse },
  doctorWorkplaces: { response: WorkplacesResponse },
  doctorWorkplaceCurrent: { response: CurrentWorkplaceResponse },
  doctorWorkplaceSelect: { params: WorkplaceParams, response: Workplace },
  doctorSpecialization: { response: DoctorSpecializationResponse },

  patientSelf: { response: PatientSelf },
  patientUpdate: { body: PatientProfileBody, response: PatientSelf },
  patientPhoto: { response: PhotoImage },
  patientPhotoUpload: { response: PhotoUploadResponse },
  wardsList: { response: WardsResponse },
  wardCreate: { body: WardBody, response: Ward },
  wardUpdate: { params: WardParams, body: WardBody, response: Ward },
  wardPhoto: { params: WardParams, response: PhotoImage },
  wardPhotoUpload: { params: WardParams, response: PhotoUploadResponse },
  phoneCandidate: { body: PhoneCandidateBody, response: PhoneCandidateResponse },
  phoneCandidateApprove: { body: PhoneCandidateApproveBody, response: PatientSelf },
  patientDoctorPhoto: { params: DoctorPhotoParams, response: PhotoImage },

  orderCreate: { body: OrderCreateBody, response: Order },
  orderGet: { params: OrderParams, response: Order },
  orderPlan: { params: OrderParams, response: OrderPlan },
  homeVisitSlots: { querystring: HomeVisitSlotsQuery, response: HomeVisitSlotsResponse },
  homeVisitTerms: { response: HomeVisitTermsResponse },
  registryCreate: { body: RegistryCreateBody, response: RegistryCreateResponse },
  registryPayment: { querystring: PaymentQuery, body: PaymentBody, response: PaymentResponse },
  registryPaymentMethod: { body: PaymentMethodBody, response: Order },
  receipt: { params: ReceiptParams, response: ReceiptResponse },

  registriesList: { querystring: RegistriesQuery, response: RegistriesResponse },
  registryOrder: { params: RegistryParams, response: Order },
  registry: { params: RegistryParams, response: Registry },
  registryResults: { params: RegistryParams, response: ResultRowsResponse },
  registryResultsPdf: { params: RegistryParams, response: ResultsPdf },
  registryResultsFhir: { params: RegistryParams, response: ResultsFhir },
  notificationSettings: { response: NotificationSettings },
  notificationSettingsUpdate: { body: NotificationSettingsBody, response: NotificationSettings },
  registriesCount: { querystring: RegistriesCountQuery, response: Count },
  resultShareCreate: { body: ShareCreateBody, response: ShareCreated },
  resultSharesList: { response: SharesResponse },
  resultShareRevoke: { params: ShareParams, response: ResultShare },
  sharingSettings: { response: SharingSettings },
  sharingSettingsUpdate: { body: SharingSettingsBody, response: SharingSettings },
  sharedResults: { params: SharedParams, body: SharedOpenBody, response: SharedResults },
  sharedResultsPdf: { params: SharedParams, body: SharedOpenBody, response: ResultsPdf },
  sharedResultsDoctor: { params: SharedParams, body: SharedOpenBody, response: SharedForDoctor },
  patientRegistries: {
    params: PatientParams,
    querystring: PatientRegistriesQuery,
    response: PatientRegistriesResponse,
  },
  patientRegistriesCount: { params: PatientParams, querystring: PatientRegistriesCountQuery, response: Count },
  analysisDynamics: { params: AnalysisDynamicsParams, response: AnalysisDynamics },

  appConfiguration: { response: AppConfiguration },
  vitals: { body: VitalsBeacon, response: Ok },
} as const satisfies { readonly [K in EndpointKey]: RouteSchemas };

type Schemas = typeof schemas;

/** One route: where it lives plus its schemas. */
export type Route<K extends EndpointKey> = Endpoints[K] & Schemas[K];
export type Routes = { readonly [K in EndpointKey]: Route<K> };
export type RouteKey = EndpointKey;

export const routes = Object.fromEntries(
  (Object.keys(endpoints) as EndpointKey[]).map((key) => [key, { ...endpoints[key], ...schemas[key] }]),
) as Routes;
