import { createContext, type ReactNode, useContext } from 'react';
import { type CityController, useCityController } from './useCityController';

const CityContext = createContext<CityController | null>(null);

/** One city state for the header's button, banner and modal. */
export function CityProvider({ bot, children }: { bot: boolean; children: ReactNode }) {
  const controller = useCityController({ bot });
  return <CityContext.Provider value={controller}>{children}</CityContext.Provider>;
}

export function useCity(): CityController {
  const controller = useContext(CityContext);
  if (!controller) throw new Error('useCity needs a CityProvider');
  return controller;
}
