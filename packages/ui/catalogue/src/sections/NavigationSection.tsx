import { useState } from 'react';
import { Accordion, Button, Link, Modal, Sidebar } from '../../../src';
import styles from '../Catalogue.module.css';
import { Case, Section } from '../Showcase';

const FAQ = [
  { id: 'prepare', title: 'Як підготуватися до аналізу?', content: 'Здавайте кров натще, зранку.' },
  { id: 'results', title: 'Коли будуть результати?', content: 'Зазвичай наступного робочого дня.' },
  { id: 'pay', title: 'Як оплатити?', content: 'Онлайн або у відділенні.' },
];

export function NavigationSection() {
  const [modal, setModal] = useState(false);
  const [sidebar, setSidebar] = useState(false);
  return (
    <>
      <Section title="Link">
        <Case title="Internal, external, current page">
          <div className={styles.stack}>
            <Link to="/analyzes">Аналізи</Link>
            <Link to="https://example.org/licence">Ліцензія МОЗ</Link>
            <Link to="/">Головна (поточна сторінка)</Link>
            <Link to="tel:0800102021">0 800 102021</Link>
          </div>
        </Case>
      </Section>
      <Section title="Modal and sidebar">
        <Case title="Modal">
          <Button variant="secondary" onClick={() => setModal(true)}>
            Відкрити вікно
          </Button>
          <Modal open={modal} title="Оберіть місто" onClose={() => setModal(false)}>
            <p>Вміст діалогу. Escape, хрестик або клік поза вікном закривають його.</p>
          </Modal>
        </Case>
        <Case title="Sidebar with overlay">
          <Button variant="secondary" onClick={() => setSidebar(true)}>
            Відкрити меню
          </Button>
          <Sidebar open={sidebar} overlay label="Меню" onClose={() => setSidebar(false)}>
            <p>Вміст бічної панелі.</p>
          </Sidebar>
        </Case>
      </Section>
      <Section title="Accordion">
        <Case title="Accordion mode, first open" wide>
          <Accordion items={FAQ} accordionMode defaultOpenIds={['prepare']} className={styles.full} />
        </Case>
      </Section>
    </>
  );
}
