export { NotFoundPage } from './NotFoundPage';
export { PageError } from './PageError';
