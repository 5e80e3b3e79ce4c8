export { Breadcrumbs } from './Breadcrumbs';
export { CRUMBS } from './definitions';
export { buildTrail, type Crumb } from './trail';
export { useTrail } from './useTrail';
