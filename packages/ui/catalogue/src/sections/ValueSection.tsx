import { useState } from 'react';
import { CountBadge, Image, Price, Rating } from '../../../src';
import styles from '../Catalogue.module.css';
import { Case, Section } from '../Showcase';
import { variantPicture } from './data';

const PICTURE = {
  src: variantPicture('original jpeg (bots)', '#0b5e72'),
  small: variantPicture('small jpeg (fallback)', '#3b444b'),
  webp: variantPicture('small webp (browsers)', '#1d7442'),
};

function CartButton({ count }: { count: number }) {
  return (
    <span className={styles.iconButton} role="img" aria-label={`Кошик: ${count}`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <CountBadge count={count} />
    </span>
  );
}

export function ValueSection() {
  const [rating, setRating] = useState(0);
  return (
    <>
      <Section title="Price">
        <Case title="Normal">
          <Price price={450} />
        </Case>
        <Case title="Discount">
          <Price price={1350} originalPrice={1500} />
        </Case>
        <Case title="Thousands, kopecks, zero">
          <div className={styles.stack}>
            <Price price={1000000} size="lg" />
            <Price price={245.5} />
            <Price price={0} size="sm" />
          </div>
        </Case>
      </Section>
      <Section title="Rating">
        <Case title="Interactive">
          <Rating label="Оцініть візит" value={rating} onChange={setRating} />
        </Case>
        <Case title="Read-only">
          <Rating label="Оцінка" value={4} readOnly />
        </Case>
      </Section>
      <Section title="Cart badge">
        <Case title="0, 5, 12 (9+)">
          <CartButton count={0} />
          <CartButton count={5} />
          <CartButton count={12} />
        </Case>
      </Section>
      <Section title="Image">
        <Case title="Regular browser: small webp in picture, lazy">
          <Image {...PICTURE} alt="Приклад для браузера" width={320} height={180} bot={false} />
        </Case>
        <Case title="Bot: original, priority">
          <Image {...PICTURE} alt="Приклад для бота" width={320} height={180} bot priority />
        </Case>
      </Section>
    </>
  );
}
