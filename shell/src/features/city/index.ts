export { CityBanner } from './CityBanner';
export { CityButton } from './CityButton';
export { CityProvider, useCity } from './CityContext';
export { CityFromPath } from './CityFromPath';
export { CityModal } from './CityModal';
