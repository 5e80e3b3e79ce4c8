import { useState } from 'react';
import { Dropdown } from '../../../src';
import styles from '../Catalogue.module.css';
import { Case, Section } from '../Showcase';
import { ANALYSES, CITIES, MANY, SORT_ORDERS } from './data';

export function SelectionSection() {
  const [city, setCity] = useState<string | null>('kyiv');
  const [sort, setSort] = useState<string | null>(null);
  const [analyses, setAnalyses] = useState<string[]>(['cbc', 'glucose', 'tsh']);
  const [limited, setLimited] = useState<string[]>(['tsh', 'ferritin']);
  const [empty, setEmpty] = useState<string | null>(null);
  const [many, setMany] = useState<string | null>(null);
  return (
    <Section title="Dropdown">
      <Case title="Single, with search">
        <Dropdown label="Місто" options={CITIES} value={city} onChange={setCity} className={styles.full} />
      </Case>
      <Case title="Single, select-only, type-ahead">
        <Dropdown
          label="Сортування"
          searchable={false}
          allowEmpty
          options={SORT_ORDERS}
          value={sort}
          onChange={setSort}
          className={styles.full}
        />
      </Case>
      <Case title="Multiple, 2 tags visible, 'and N more'">
        <Dropdown
          multiple
          label="Аналізи"
          options={ANALYSES}
          value={analyses}
          onChange={setAnalyses}
          visibleItemsLimit={2}
          className={styles.full}
        />
      </Case>
      <Case title="Multiple, at most 2 selected">
        <Dropdown
          multiple
          max={2}
          label="Порівняти аналізи"
          options={ANALYSES}
          value={limited}
          onChange={setLimited}
          className={styles.full}
        />
      </Case>
      <Case title="Empty list">
        <Dropdown label="Відділення" options={[]} value={empty} onChange={setEmpty} className={styles.full} />
      </Case>
      <Case title="1500 options, 1000 rendered">
        <Dropdown label="Довгий список" options={MANY} value={many} onChange={setMany} className={styles.full} />
      </Case>
      <Case title="Disabled">
        <Dropdown disabled label="Лікар" options={CITIES} value={null} onChange={() => {}} className={styles.full} />
      </Case>
    </Section>
  );
}
