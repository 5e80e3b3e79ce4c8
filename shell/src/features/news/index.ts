export { NewsCard } from './NewsCard';
export { NewsItemPage } from './NewsItemPage';
export { NewsListPage } from './NewsListPage';
