import { type NewsArticle, primeAnswers, reads } from '@lab/api';
import { initI18n } from '@lab/i18n';
import type { PageRoute } from '@lab/pages/routes';
import { MemoryRouter } from '@lab/router';
import { render, screen } from '@testing-library/react';
import '../../app/i18n';
import { addCrumbs } from '../remotes';
import { Breadcrumbs } from './Breadcrumbs';

beforeAll(() => initI18n('ua'));

const NoPage = () => null;

/** A page whose crumb names the item its route reads, as the news item's does. */
const routes: PageRoute[] = [
  {
    id: 'shell/news-item',
    path: 'news/:slug',
    lazy: async () => ({ Component: NoPage }),
    handle: {
      ns: 'shell',
      crumbs: [
        {
          path: '',
          labelKey: 'crumbs.newsItem',
          id: 'news-item',
          label: ({ params, locale, answer }) =>
            answer<NewsArticle>(reads.newsItem(params.slug ?? '', locale).key)?.title,
        },
      ],
    },
  },
];

describe('the trail', () => {
  it("names a crumb as its route's handle has it from the page's answers, on its first render", () => {
    addCrumbs(routes);
    primeAnswers([{ key: reads.newsItem('flu', 'ua').key, data: { title: 'Грип: щеплення' } }]);
    render(
      <MemoryRouter initialEntries={['/news/flu']}>
        <Breadcrumbs />
      </MemoryRouter>,
    );
    expect(screen.getByText('Грип: щеплення')).toHaveAttribute('aria-current', 'page');
  });

  it('names it by its label while its answer is not there', () => {
    addCrumbs(routes);
    render(
      <MemoryRouter initialEntries={['/news/other']}>
        <Breadcrumbs />
      </MemoryRouter>,
    );
    expect(screen.getByText('Новина')).toHaveAttribute('aria-current', 'page');
  });
});
