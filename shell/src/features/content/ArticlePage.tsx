import { useArticle } from '@lab/api';
import { preloadSanitizer, SafeHtml, SkeletonText } from '@lab/ui';
import { AsyncContent } from './AsyncContent';
import styles from './Content.module.css';

/** A content article (about, mobile app, home visit, contract ...) from the server by its type. */
export function ArticlePage({ type }: { type: string }) {
  // the sanitizer its HTML needs comes while the page's data does, not after it
  preloadSanitizer();
  const { data, error, isLoading, mutate } = useArticle(type);
  return (
    <AsyncContent
      data={data}
      error={error}
      isLoading={isLoading}
      retry={() => void mutate()}
      skeleton={<ArticleSkeleton />}
    >
      {(article) => (
        <article className={styles.article} aria-labelledby="article-title">
          <h1 id="article-title">{article.title}</h1>
          <SafeHtml html={article.content} />
        </article>
      )}
    </AsyncContent>
  );
}

export function ArticleSkeleton() {
  return (
    <div className={styles.article} aria-busy="true">
      <SkeletonText lines={1} className={styles.titleSkeleton} />
      <SkeletonText lines={8} />
    </div>
  );
}

/** /about: the article of that type. */
export function AboutPage() {
  return <ArticlePage type="about" />;
}
