// The catalogue's pages as the shell's server previews them (@lab/preview; built to dist/server/preview.js).
import { createPagePreview } from '@lab/preview';
import CataloguePage from './exposed/CataloguePage';
import CategoryPage from './exposed/CategoryPage';
import SearchPage from './exposed/SearchPage';
import ServicePage from './exposed/ServicePage';

export const renderPagePreview = createPagePreview({ CataloguePage, CategoryPage, ServicePage, SearchPage });
