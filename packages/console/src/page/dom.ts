// A small element builder: the console draws a few sections, so no framework.

type Child = Node | string | null | undefined | false;
type Attributes = Readonly<Record<string, string | number | boolean | null | undefined>>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)));
  return element;
}

/** Replaces an element's children. */
export function fill(element: Element, ...children: readonly Child[]): void {
  element.replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
}

/**
 * Replaces an element's children as a refresh does, keeping what the person was doing: the keyboard focus
 * on the control with the same data-focus-key (else on its app's heading), and each <details data-key>
 * opened or closed as it was.
 */
export function redraw(element: Element, ...children: readonly Child[]): void {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focused = active && element.contains(active) ? active.dataset.focusKey : undefined;
  const open = new Map(
    [...element.querySelectorAll<HTMLDetailsElement>('details[data-key]')].map((item) => [item.dataset.key, item.open]),
  );
  fill(element, ...children);
  for (const item of element.querySelectorAll<HTMLDetailsElement>('details[data-key]')) {
    const was = open.get(item.dataset.key);
    if (was !== undefined) item.open = was;
  }
  if (focused === undefined) return;
  const again = element.querySelector<HTMLElement>(`[data-focus-key="${focused}"]`);
  (again ?? element.querySelector<HTMLElement>(`[data-focus-key="app:${focused.split(':')[1]}"]`))?.focus();
}

export const code = (text: string): HTMLElement => h('code', {}, text);
