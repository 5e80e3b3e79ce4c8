import { useLocation, useNavigate, useParams } from '@lab/router';
import { CityFromPath } from '../city';
import { NotFoundPage } from '../not-found';
import { RemoteFallback, useUnavailableRemote } from '../remotes';
import { ArticlePage } from './ArticlePage';

/**
 * The catch-all: a page of a remote that could not be loaded (its fallback, with a retry that asks the
 * router again), a path starting with a city's sourceId (which picks the city), else a content page by
 * its slug, else not found.
 */
export function ContentRoute() {
  const path = useParams()['*'] ?? '';
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const unavailable = useUnavailableRemote(path.split('/')[0] ?? '');
  if (unavailable) {
    const retry = () => void navigate({ pathname, search, hash }, { replace: true });
    return <RemoteFallback remote={unavailable} variant="block" onRetry={retry} />;
  }
  // articles are addressed by one slug; a deeper path is no article
  const article = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path) ? <ArticlePage type={path} /> : <NotFoundPage />;
  return <CityFromPath path={path} otherwise={article} />;
}
