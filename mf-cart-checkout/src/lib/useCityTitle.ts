import { useSettlements } from '@lab/api';

/** The chosen city's title, for texts that name it; null while the list loads or when unknown. */
export function useCityTitle(cityId: number | null): string | null {
  const settlements = useSettlements();
  if (cityId == null) return null;
  return settlements.data?.settlements.find((city) => city.id === cityId)?.title ?? null;
}
