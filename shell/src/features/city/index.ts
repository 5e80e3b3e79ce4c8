export { CityBanner } from './CityBanner';
export { CityButton } from './CityButton';
export { CityProvider, useCity } from './CityContext';
export { CityModal } from './CityModal';
