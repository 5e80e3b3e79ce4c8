import styles from './Card.module.css';

/**
 * The classes of cards, for the lists and pages of every app: `card`, a bordered surface (an order, a
 * document, a section of a form) on whatever element the card is (li, article, section); `list`, the ul
 * of a list of cards, as many columns as fit (a narrowest column other than 16rem through the custom
 * property --card-list-min). A class of the app's own after one of these lays out the content; the
 * app's style sheets load after @lab/ui's, so it may override.
 */
export const cardStyles: Readonly<{ card: string; list: string }> = {
  card: styles.card ?? '',
  list: styles.list ?? '',
};
