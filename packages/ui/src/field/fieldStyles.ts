import styles from './Field.module.css';

/**
 * The class names of a form's text field, for the forms of every app (sign-in, checkout, personal
 * data ...): `field` around a `label` and an `input` (or textarea). Class names rather than a component:
 * each form wires its own input (masks, live messages, its ids), and a class of the form's own placed
 * after one of these adds to it or overrides it (the app's style sheets load after @lab/ui's).
 */
export const fieldStyles: Readonly<{ field: string; label: string; input: string }> = {
  field: styles.field ?? '',
  label: styles.label ?? '',
  input: styles.input ?? '',
};
