/** The doctor's routes of docs/product.md#routes, as app paths (Link adds the locale prefix). */
export const PATIENTS_PATH = '/account/patients';
export const patientResultsPath = (patientId: number) => `/account/patients/${patientId}/results`;
export const patientResultPath = (patientId: number, registryId: number) =>
  `/account/patients/${patientId}/results/${registryId}`;
