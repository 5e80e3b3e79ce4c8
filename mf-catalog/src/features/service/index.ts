export { isHtml, joinMaterials } from './materials';
export { ServicePage } from './ServicePage';
export { serviceStructuredData } from './structuredData';
