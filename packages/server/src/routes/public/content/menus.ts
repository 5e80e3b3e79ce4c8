/** /api/public/content/menus/...: header and footer menus. */
import type { Menu, MenuItem, MenuType } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { MOBILE_APP_PATH, offersMobileApp } from '../../../domain/mobile-app';
import { invalidField } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { csvValues } from '../../../repositories/sql';

const MENU_TYPES: readonly string[] = ['header', 'footer'] satisfies MenuType[];

/** The menus without the items that lead to `href` (their children go with them). */
function withoutLink(menus: Menu[], href: string): Menu[] {
  const keep = (items: MenuItem[]): MenuItem[] =>
    items
      .filter((item) => item.href !== href)
      .map((item) => (item.children ? { ...item, children: keep(item.children) } : item));
  return menus.map((menu) => ({ ...menu, items: keep(menu.items) }));
}

export default async function menuRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'menus', async (request) => {
    const types = csvValues(request.query.types);
    if (types.some((type) => !MENU_TYPES.includes(type))) throw invalidField('types', 'validation-enum');
    const menus = await app.repos.content.menus(types.length > 0 ? (types as MenuType[]) : null, request.locale);
    // no link to a page about an app that is not there (the page itself says what there is instead)
    return offersMobileApp(app.config.mobileApp) ? menus : withoutLink(menus, MOBILE_APP_PATH);
  });
}
