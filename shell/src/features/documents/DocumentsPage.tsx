import { type LabDocument, useDocuments } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cardStyles, cx, ErrorState, formatDateKyiv, Link, SkeletonGrid } from '@lab/ui';
import styles from './Documents.module.css';

/** Licences and certificates, 8 a page (docs/product.md#constants), "show more" appends. */
export function DocumentsPage() {
  const { t } = useTranslation('shell');
  const documents = useDocuments();
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title" className={styles.title}>
        {t('documents.title')}
      </h1>
      {documents.error && !documents.items.length ? (
        <ErrorState title={t('errors.loadTitle')} description={t('errors.loadText')} onRetry={documents.retry} />
      ) : (
        <>
          <ul className={cardStyles.list}>
            {documents.items.map((document) => (
              <li key={document.id}>
                <DocumentCard document={document} />
              </li>
            ))}
          </ul>
          {(documents.isLoading || documents.isLoadingMore) && <SkeletonGrid count={4} height={140} minWidth="16rem" />}
          {documents.hasMore && (
            <div className={styles.more}>
              <Button variant="secondary" loading={documents.isLoadingMore} onClick={documents.loadMore}>
                {t('documents.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function DocumentCard({ document }: { document: LabDocument }) {
  const { t } = useTranslation('shell');
  return (
    <article className={cx(cardStyles.card, styles.card)}>
      <p className={styles.kind}>{t(`documents.type.${document.type}`)}</p>
      <h2 className={styles.cardTitle}>
        <Link to={`/documents/${document.slug}`}>{document.title}</Link>
      </h2>
      <p className={styles.date}>
        {t('documents.received')}{' '}
        <time dateTime={document.dateOfReceiving}>{formatDateKyiv(`${document.dateOfReceiving}T12:00:00Z`)}</time>
      </p>
    </article>
  );
}
