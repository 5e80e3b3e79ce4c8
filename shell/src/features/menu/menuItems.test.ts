import { menuOfType, shownItems } from './menuItems';

describe('server menus', () => {
  it('drops items without a title at every level and keeps hrefs', () => {
    expect(
      shownItems([
        {
          title: 'Аналізи',
          href: '/analyzes',
          children: [
            { title: '', href: '/x' },
            { title: 'Гормони', href: '/analyzes/hormones' },
          ],
        },
        { title: null, href: '/hidden' },
        { title: 'Про нас', href: null },
      ]),
    ).toEqual([
      {
        key: 'menu.0',
        title: 'Аналізи',
        href: '/analyzes',
        children: [{ key: 'menu.0.0', title: 'Гормони', href: '/analyzes/hormones', children: [] }],
      },
      { key: 'menu.1', title: 'Про нас', href: null, children: [] },
    ]);
  });

  it('picks the header or the footer menu, empty when missing', () => {
    const menus = [
      { type: 'header' as const, items: [{ title: 'A', href: '/a' }] },
      { type: 'footer' as const, items: [{ title: 'B', href: '/b' }] },
    ];
    expect(menuOfType(menus, 'footer').map((item) => item.title)).toEqual(['B']);
    expect(menuOfType(undefined, 'header')).toEqual([]);
  });
});
