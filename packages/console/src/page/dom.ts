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

export const code = (text: string): HTMLElement => h('code', {}, text);
