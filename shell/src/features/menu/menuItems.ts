import type { Menu, MenuItem } from '@lab/api';

/** A menu item that is shown: docs/product.md#menus, "items without a title are not shown". */
/** `key` is the item's place in the server's menu tree, stable as long as the menu is. */
export type ShownMenuItem = { key: string; title: string; href: string | null; children: ShownMenuItem[] };

export function shownItems(items: readonly MenuItem[] | undefined, parentKey = 'menu'): ShownMenuItem[] {
  return (items ?? [])
    .filter((item): item is MenuItem & { title: string } => typeof item.title === 'string' && item.title.trim() !== '')
    .map((item, index) => {
      const key = `${parentKey}.${index}`;
      return { key, title: item.title, href: item.href ?? null, children: shownItems(item.children, key) };
    });
}

export function menuOfType(menus: readonly Menu[] | undefined, type: Menu['type']): ShownMenuItem[] {
  return shownItems(menus?.find((menu) => menu.type === type)?.items, type);
}
