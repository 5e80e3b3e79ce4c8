export { CataloguePage, categoryUrl } from './CataloguePage';
export { CategoryPage } from './CategoryPage';
