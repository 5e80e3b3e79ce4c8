import type { Count } from '../../contract/common';
import type { Order } from '../../contract/orders';
import type {
  AnalysisDynamics,
  CustomerType,
  NotificationSettings,
  NotificationSettingsBody,
  PatientRegistriesCountQuery,
  PatientRegistriesQuery,
  PatientRegistriesResponse,
  RegistriesCountQuery,
  RegistriesQuery,
  RegistriesResponse,
  Registry,
  ResultRow,
} from '../../contract/results';
import type {
  ResultShare,
  ShareCreated,
  ShareDays,
  SharedForDoctor,
  SharedResults,
  SharesResponse,
  SharingSettings,
} from '../../contract/shares';
import { fetchBlob, send } from '../send';

/** List filters the screens choose; customer type and the on-site flag follow from the role. */
export type OrderListFilter = Omit<RegistriesQuery, 'customer-type' | 'on-site'>;
/** A patient's history as their doctor (or the owner) filters it; pages come from the hook. */
export type PatientRegistriesFilter = Omit<PatientRegistriesQuery, 'page'>;

export const results = {
  /** My orders (patient, on-site only) or my referrals (doctor) (docs/product.md#roles). */
  orders: (customerType: CustomerType, filter: OrderListFilter = {}): Promise<RegistriesResponse> =>
    send('registriesList', {
      query:
        customerType === 'patient'
          ? { ...filter, 'customer-type': customerType, 'on-site': true }
          : { ...filter, 'customer-type': customerType },
    }),
  order: (registryId: number): Promise<Order> => send('registryOrder', { params: { id: registryId } }),
  registry: (registryId: number): Promise<Registry> => send('registry', { params: { id: registryId } }),
  rows: (registryId: number): Promise<ResultRow[]> => send('registryResults', { params: { id: registryId } }),
  /** The order's results as a PDF document. */
  pdf: (registryId: number): Promise<Blob> => fetchBlob('registryResultsPdf', { id: registryId }),
  /** The order's results as a FHIR R4 Bundle (JSON), for health-record apps. */
  fhir: (registryId: number): Promise<Blob> => fetchBlob('registryResultsFhir', { id: registryId }),
  /** Whether the signed-in user gets an SMS when results are ready. */
  notifications: (): Promise<NotificationSettings> => send('notificationSettings', {}),
  updateNotifications: (settings: NotificationSettingsBody): Promise<NotificationSettings> =>
    send('notificationSettingsUpdate', { body: settings }),
  /** A link and a code to the order's results for `days` (answered once). */
  share: (registryId: number, days: ShareDays): Promise<ShareCreated> =>
    send('resultShareCreate', { body: { registryId, days } }),
  shares: (): Promise<SharesResponse> => send('resultSharesList', {}),
  revokeShare: (shareId: number): Promise<ResultShare> => send('resultShareRevoke', { params: { id: shareId } }),
  sharing: (): Promise<SharingSettings> => send('sharingSettings', {}),
  updateSharing: (enabled: boolean): Promise<SharingSettings> => send('sharingSettingsUpdate', { body: { enabled } }),
  /** The recipient's reads: the link's token and its code. */
  shared: (token: string, code: string): Promise<SharedResults> =>
    send('sharedResults', { params: { token }, body: { code } }),
  sharedPdf: (token: string, code: string): Promise<Blob> => fetchBlob('sharedResultsPdf', { token }, { code }),
  sharedForDoctor: (token: string, code: string): Promise<SharedForDoctor> =>
    send('sharedResultsDoctor', { params: { token }, body: { code } }),
  count: (query: RegistriesCountQuery = {}): Promise<Count> => send('registriesCount', { query }),
  patientRegistries: (patientId: number, query: PatientRegistriesQuery = {}): Promise<PatientRegistriesResponse> =>
    send('patientRegistries', { params: { id: patientId }, query }),
  patientRegistriesCount: (patientId: number, query: PatientRegistriesCountQuery = {}): Promise<Count> =>
    send('patientRegistriesCount', { params: { id: patientId }, query }),
  dynamics: (patientId: number, analysisId: number): Promise<AnalysisDynamics> =>
    send('analysisDynamics', { params: { patientId, analysisId } }),
};
