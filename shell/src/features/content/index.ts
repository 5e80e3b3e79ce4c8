export { ArticlePage } from './ArticlePage';
export { AsyncContent } from './AsyncContent';
export { ContentRoute } from './ContentRoute';
