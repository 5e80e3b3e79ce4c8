export { PriceBreakdown } from './PriceBreakdown';
export { additionalAmount, PriceTag, priceAmounts } from './PriceTag';
export { ServiceCard, serviceUrl } from './ServiceCard';
export { type ServiceTexts, useServiceTexts } from './texts';
