import { render, renderHook } from '@testing-library/react';
import { useBreadcrumbLabel, useBreadcrumbLabels } from './breadcrumbLabels';
import { getPageMeta, setRouteMeta, useCurrentPageMeta, usePageMeta } from './pageMeta';

function Page({ title }: { title: string }) {
  usePageMeta({ title, description: `about ${title}` });
  return null;
}

describe('page metadata store', () => {
  it('holds the mounted page meta and clears it when the page leaves', () => {
    const { rerender, unmount } = render(<Page title="Феритин" />);
    expect(getPageMeta()).toEqual({ title: 'Феритин', description: 'about Феритин' });
    rerender(<Page title="Глюкоза" />);
    expect(getPageMeta().title).toBe('Глюкоза');
    unmount();
    expect(getPageMeta()).toEqual({});
  });

  it("lays what the page says over its route's head, and leaves the route's when the page leaves", () => {
    setRouteMeta({ title: 'Результати', description: 'route' });
    const { unmount } = render(<Page title="Замовлення 7" />);
    expect(getPageMeta()).toEqual({ title: 'Замовлення 7', description: 'about Замовлення 7' });
    unmount();
    expect(getPageMeta()).toEqual({ title: 'Результати', description: 'route' });
    setRouteMeta({});
    expect(getPageMeta()).toEqual({});
  });

  it('re-renders the reader (the shell head) on change', () => {
    const reader = renderHook(() => useCurrentPageMeta());
    render(<Page title="ТТГ" />);
    expect(reader.result.current.title).toBe('ТТГ');
  });
});

describe('breadcrumb labels by id', () => {
  it('replaces a crumb label while the page is mounted', () => {
    const labels = renderHook(() => useBreadcrumbLabels());
    const page = renderHook(({ label }) => useBreadcrumbLabel('category', label), {
      initialProps: { label: 'Гормони' as string | null },
    });
    expect(labels.result.current).toEqual({ category: 'Гормони' });
    page.rerender({ label: 'Біохімія' });
    expect(labels.result.current).toEqual({ category: 'Біохімія' });
    page.unmount();
    expect(labels.result.current).toEqual({});
  });
});
