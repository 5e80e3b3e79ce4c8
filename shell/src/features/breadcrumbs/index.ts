export { Breadcrumbs } from './Breadcrumbs';
export { buildTrail, type Crumb } from './trail';
export { useTrail } from './useTrail';
