export { CataloguePage, categoryUrl } from './CataloguePage';
export { CATEGORY_PAGE_SIZE, CategoryPage } from './CategoryPage';
export { findGroup, groupIds } from './tree';
