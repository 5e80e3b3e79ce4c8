import {
  api,
  defaultSettlementId,
  firstSettlementId,
  getStored,
  type Settlement,
  setStored,
  useSettlements,
  useStored,
} from '@lab/api';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createCityAnnouncer } from './announcer';
import { currentPosition, detectSettlement } from './detect';

export type CityController = {
  settlements: Settlement[];
  /** the list has arrived (or failed): a missing city is then really missing */
  settlementsReady: boolean;
  city: Settlement | null;
  /** the location banner: a city was detected and not yet confirmed (never for bots) */
  bannerVisible: boolean;
  modalOpen: boolean;
  openModal: () => void;
  closeModal: () => void;
  /** the banner's "yes" */
  confirm: () => void;
  /** picking a city in the modal (or from the URL) */
  choose: (cityId: number) => void;
};

/** The city state machine of docs/product.md#city, over the stored cityId / nearestCityId / cityShown. */
export function useCityController({ bot }: { bot: boolean }): CityController {
  const { data, error } = useSettlements(); // a failed list is ignored (docs/product.md#errors): no cities, no banner
  const settlements = useMemo(() => data?.settlements ?? [], [data]);
  const cityId = useStored('cityId');
  const cityShown = useStored('cityShown') === true;
  const [detected, setDetected] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const announcer = useRef(createCityAnnouncer());
  const detecting = useRef(false);

  useEffect(() => () => announcer.current.cancel(), []);

  useEffect(() => {
    if (!settlements.length || detecting.current) return;
    const known = cityId != null && settlements.some((city) => city.id === cityId);
    if (cityShown && known) return;
    detecting.current = true;
    // Until detection answers (the visitor may take their time over the browser's location prompt),
    // a first visit sees the default city's catalogue and prices instead of placeholders; the detected
    // city then replaces it and the banner asks to confirm, as before.
    // (read from storage, not this render: a city from the URL may have been stored in this commit)
    const stored = getStored('cityId');
    const unset = getStored('cityShown') !== true && !settlements.some((city) => city.id === stored);
    const provisional = unset ? firstSettlementId(settlements) : null;
    if (provisional != null) setStored('cityId', provisional);
    void detectSettlement({
      settlements,
      position: () => currentPosition(typeof navigator === 'undefined' ? undefined : navigator.geolocation),
      nearest: (position) => api.settlements.nearest(position),
      defaultId: defaultSettlementId(),
    }).then((detection) => {
      if (!detection) return;
      if (detection.source === 'geolocation') setStored('nearestCityId', detection.id);
      // the visitor may have chosen a city (or opened a city's URL) while detection ran
      if (getStored('cityShown') === true) return;
      const current = getStored('cityId');
      if (current == null || current === provisional || !settlements.some((city) => city.id === current)) {
        setStored('cityId', detection.id);
      }
      // the banner is not urgent: a transition renders in slices, and a page still being drawn (a
      // remote's slot waiting for its code) is not drawn in one long task with it
      startTransition(() => setDetected(true));
    });
  }, [settlements, cityId, cityShown]);

  const choose = useCallback((id: number) => {
    setStored('cityId', id);
    setStored('cityShown', true);
    setModalOpen(false);
    announcer.current.announce(id);
  }, []);

  const confirm = useCallback(() => setStored('cityShown', true), []);

  const city = settlements.find((candidate) => candidate.id === cityId) ?? null;
  return {
    settlements,
    settlementsReady: data !== undefined || error !== undefined,
    city,
    bannerVisible: detected && !cityShown && !bot && city != null,
    modalOpen,
    openModal: useCallback(() => setModalOpen(true), []),
    closeModal: useCallback(() => setModalOpen(false), []),
    confirm,
    choose,
  };
}
