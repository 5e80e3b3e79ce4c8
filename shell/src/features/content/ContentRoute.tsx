import { useParams } from '@lab/router';
import { CityFromPath } from '../city';
import { NotFoundPage } from '../not-found';
import { ArticlePage } from './ArticlePage';

/**
 * The catch-all: a path starting with a city's sourceId (which picks the city), else a content page
 * by its slug, else not found.
 */
export function ContentRoute() {
  const path = useParams()['*'] ?? '';
  // articles are addressed by one slug; a deeper path is no article
  const article = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path) ? <ArticlePage type={path} /> : <NotFoundPage />;
  return <CityFromPath path={path} otherwise={article} />;
}
