import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { AppConfiguration } from '../contract/app';
import type { Gender, Specialization } from '../contract/auth';
import { apiKeys } from './keys';
import { type ApiResponse, STATIC_DATA, useApiSWR } from './swr';

export function useGenders(): ApiResponse<Gender[]> {
  const locale = useLocale();
  return useApiSWR(apiKeys.genders(locale), () => api.auth.genders(), STATIC_DATA);
}

export function useSpecializations(): ApiResponse<Specialization[]> {
  const locale = useLocale();
  return useApiSWR(apiKeys.specializations(locale), () => api.auth.specializations(), STATIC_DATA);
}

/** The checkout's preselected payment type. */
export function useAppConfiguration(): ApiResponse<AppConfiguration> {
  return useApiSWR(apiKeys.appConfiguration(), () => api.app.configuration(), STATIC_DATA);
}
