/** The doctor's responsible manager (docs/product.md#entities "Doctor"; docs/product.md#calls GET /user/doctors/self/manager). */
import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { ManagerResponse } from '../contract/doctor';
import { apiKeys } from './keys';
import { type ApiResponse, useApiSWR } from './swr';
import { useSession } from './useSession';

/** Null data: no manager is assigned. `enabled` false for users without a doctor profile. */
export function useDoctorManager(enabled = true): ApiResponse<ManagerResponse> {
  const { signedIn } = useSession();
  const locale = useLocale();
  return useApiSWR(signedIn && enabled ? apiKeys.doctorManager(locale) : null, () => api.doctor.manager());
}
