import { FALLBACK_LOCALE, LOCALES, localeFromPath, setLocale } from '@lab/i18n';
import { Route, Routes, useLocation } from '@lab/router';
import { useEffect } from 'react';
import { ContactsPage } from '../features/contacts';
import { ArticlePage, ContentRoute } from '../features/content';
import { DocumentPage, DocumentsPage } from '../features/documents';
import { EquipmentPage } from '../features/equipment';
import { HomePage } from '../features/home';
import { Layout } from '../features/layout';
import { ScrollManager } from '../features/navigation';
import { NewsItemPage, NewsListPage } from '../features/news';
import { NotFoundPage } from '../features/not-found';
import { PAGE_REMOTES, PageSlot, RemoteSlot } from '../features/remotes';
import { HeadManager } from '../features/seo';

/** Keeps i18next and <html lang> in step with the locale segment of the path. */
function LocaleFromPath() {
  const { pathname } = useLocation();
  useEffect(() => {
    void setLocale(localeFromPath(pathname));
  }, [pathname]);
  return null;
}

/** The routes of spec section 2, mounted once bare (ua) and once under each other locale's prefix. */
function localeRoutes() {
  return (
    <>
      <Route index element={<HomePage />} />
      {PAGE_REMOTES.map((page) => (
        <Route key={page.path} path={page.path} element={<PageSlot page={page} />} />
      ))}
      <Route path="contacts" element={<ContactsPage />} />
      <Route path="news" element={<NewsListPage />} />
      <Route path="news/:slug" element={<NewsItemPage />} />
      <Route path="documents" element={<DocumentsPage />} />
      <Route path="documents/:slug" element={<DocumentPage />} />
      <Route path="equipment" element={<EquipmentPage />} />
      <Route path="about" element={<ArticlePage type="about" />} />
      <Route path="getapp" element={<ArticlePage type="getapp" />} />
      <Route path="404" element={<NotFoundPage />} />
      {/* content pages by slug, and the not-found view for everything else */}
      <Route path="*" element={<ContentRoute />} />
    </>
  );
}

export function AppRoutes() {
  return (
    <>
      <LocaleFromPath />
      <ScrollManager />
      <HeadManager />
      <Routes>
        <Route element={<Layout />}>
          {LOCALES.filter((locale) => locale !== FALLBACK_LOCALE).map((locale) => (
            <Route key={locale} path={locale}>
              {localeRoutes()}
            </Route>
          ))}
          {localeRoutes()}
        </Route>
      </Routes>
      {/* once per page, renders nothing: stores the landing URL's utm_ parameters (spec section 4) */}
      <RemoteSlot remote="mf_cart_checkout" module="UtmCapture" variant="compact" order="after-page" />
    </>
  );
}
