export { PACKAGES_LIMIT, PackagesShowcase } from './PackagesShowcase';
export { POPULAR_LIMIT, PopularServices } from './PopularServices';
