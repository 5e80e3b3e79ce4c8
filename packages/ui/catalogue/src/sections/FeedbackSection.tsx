import { useState } from 'react';
import { Button, ErrorState, Skeleton, SkeletonText, Spinner, Tooltip, useToast } from '../../../src';
import styles from '../Catalogue.module.css';
import { Case, Section } from '../Showcase';

export function FeedbackSection() {
  const toast = useToast();
  const [retries, setRetries] = useState(0);
  return (
    <>
      <Section title="Tooltip (hides 250 ms after leaving)">
        <Case title="On hover and focus; Escape hides">
          <Tooltip content="Вартість виїзду медсестри розраховується окремо">
            <Button variant="secondary">Виїзд додому</Button>
          </Tooltip>
          <Tooltip content="Результати надходять на пошту" placement="bottom">
            <Button variant="ghost">Знизу</Button>
          </Tooltip>
        </Case>
      </Section>
      <Section title="Toast (3 s)">
        <Case title="Info, success, error">
          <Button variant="secondary" onClick={() => toast.show('Аналіз додано до кошика')}>
            Info
          </Button>
          <Button variant="secondary" onClick={() => toast.show('Дані збережено', { tone: 'success' })}>
            Success
          </Button>
          <Button variant="danger" onClick={() => toast.show('Помилка при оплаті', { tone: 'error' })}>
            Error
          </Button>
        </Case>
      </Section>
      <Section title="Button">
        <Case title="Variants" wide>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="link">Link</Button>
        </Case>
        <Case title="Sizes and states" wide>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <Button loading>Loading</Button>
          <Button disabled>Disabled</Button>
        </Case>
        <Case title="Spinner">
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
        </Case>
      </Section>
      <Section title="Skeleton">
        <Case title="9 rows and 3 chips (search)">
          <div className={styles.stack}>
            <Skeleton count={3} width="5rem" height="2rem" radius="999px" gap="0.5rem" />
            <Skeleton count={9} height="1.25rem" gap="0.5rem" />
          </div>
        </Case>
        <Case title="Text">
          <SkeletonText lines={4} className={styles.full} />
        </Case>
      </Section>
      <Section title="Error state">
        <Case title="Block with retry">
          <ErrorState
            title="Не вдалося завантажити аналізи"
            description={`Спроб: ${retries}`}
            onRetry={() => setRetries(retries + 1)}
          />
        </Case>
        <Case title="Compact">
          <ErrorState variant="compact" title="Кошик недоступний" onRetry={() => {}} />
        </Case>
      </Section>
    </>
  );
}
