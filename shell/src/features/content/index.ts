export { AboutPage, ArticlePage, ArticleSkeleton } from './ArticlePage';
export { AsyncContent } from './AsyncContent';
export { ContentRoute } from './ContentRoute';
