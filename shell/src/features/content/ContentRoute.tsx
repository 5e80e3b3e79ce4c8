import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../not-found';
import { ArticlePage } from './ArticlePage';

/** The catch-all: a content page by its slug (which may span several segments), else not found. */
export function ContentRoute() {
  const slug = useParams()['*'] ?? '';
  // articles are addressed by one slug; a deeper path is no article
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return <NotFoundPage />;
  return <ArticlePage type={slug} />;
}
