import { useDocument, useSimilarDocuments } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import {
  cardStyles,
  formatDateKyiv,
  Link,
  preloadSanitizer,
  SafeHtml,
  SkeletonText,
  useBreadcrumbLabel,
} from '@lab/ui';
import { AsyncContent } from '../content';
import styles from './Documents.module.css';
import { DocumentCard } from './DocumentsPage';

export function DocumentPage() {
  // the sanitizer its HTML needs comes while the page's data does, not after it
  preloadSanitizer();
  const { t } = useTranslation('shell');
  const { slug = null } = useParams();
  const { data, error, isLoading, mutate } = useDocument(slug);
  const similar = useSimilarDocuments(data ? [data.type] : [], data ? [data.id] : []);
  useBreadcrumbLabel('document', data?.title);
  return (
    <AsyncContent
      data={data}
      error={error}
      isLoading={isLoading}
      retry={() => void mutate()}
      skeleton={<SkeletonText lines={6} />}
    >
      {(document) => (
        <>
          <article className={styles.article} aria-labelledby="document-title">
            <p className={styles.kind}>{t(`documents.type.${document.type}`)}</p>
            <h1 id="document-title" className={styles.title}>
              {document.title}
            </h1>
            <p className={styles.date}>
              {t('documents.received')}{' '}
              <time dateTime={document.dateOfReceiving}>{formatDateKyiv(`${document.dateOfReceiving}T12:00:00Z`)}</time>
            </p>
            <SafeHtml html={document.content} />
            {document.fileUrl && <Link to={document.fileUrl}>{t('documents.download')}</Link>}
          </article>
          {similar.data && similar.data.content.length > 0 && (
            <section aria-labelledby="similar-documents" className={styles.similar}>
              <h2 id="similar-documents">{t('documents.similar')}</h2>
              <ul className={cardStyles.list}>
                {similar.data.content.slice(0, 4).map((other) => (
                  <li key={other.id}>
                    <DocumentCard document={other} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </AsyncContent>
  );
}
