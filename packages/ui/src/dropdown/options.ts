export interface DropdownOption {
  /** Unique among the options; what onChange reports. */
  value: string;
  label: string;
  /** A second line under the label (a branch's status and hours): the option's description, not its name. */
  description?: string;
  disabled?: boolean;
}

/** docs/product.md#constants: list max height 300 px, option height 40 px, options limit 1000, visible items 99999. */
export const DROPDOWN_MAX_HEIGHT = 300;
export const DROPDOWN_OPTION_HEIGHT = 40;
export const DROPDOWN_OPTIONS_LIMIT = 1000;
export const DROPDOWN_VISIBLE_ITEMS_LIMIT = 99999;
/** How long typed characters add up to one type-ahead search. */
export const TYPEAHEAD_RESET_MS = 500;

/** Case-insensitive substring search over labels (as the city picker of docs/product.md#validation does). */
export function matchesQuery(option: DropdownOption, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || option.label.toLocaleLowerCase().includes(needle);
}

/** The options shown for a query: filtered, then cut to the limit so a huge list cannot freeze the page. */
export function visibleOptions(
  options: readonly DropdownOption[],
  query: string,
  limit: number,
  filter: boolean,
): DropdownOption[] {
  const matching = filter ? options.filter((option) => matchesQuery(option, query)) : options;
  return matching.slice(0, Math.max(0, limit));
}

/**
 * Type-ahead (APG listbox): the first option after `from` whose label starts with the typed text,
 * wrapping around. Repeating one letter cycles through the options starting with it.
 */
export function typeaheadIndex(options: readonly DropdownOption[], typed: string, from: number): number {
  const text = typed.toLocaleLowerCase();
  const repeated = text.length > 1 && [...text].every((char) => char === text[0]);
  const needle = repeated ? text.slice(0, 1) : text;
  // A new search starts at the next option; a longer prefix may still match the current one.
  const offset = text.length === 1 || repeated ? 1 : 0;
  const start = from < 0 ? 0 : from + offset;
  for (let step = 0; step < options.length; step += 1) {
    const index = (start + step) % options.length;
    if (options[index]?.label.toLocaleLowerCase().startsWith(needle)) return index;
  }
  return -1;
}
