/**
 * The public site at the root: landing page, charges and calculators, FAQs, knowledge centre,
 * guest watchlist and the footer pages (section 2). Each page is its own lazy chunk, and nothing
 * here imports onboarding code, so a visitor on a phone downloads only what the page needs.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from '../../lib/router';
import { PageLoader } from '../../components/spinner';
import { PublicLayout } from './components/public-layout';
import { addCatalogues } from '../../i18n';
import { publicCatalogues } from '../../i18n/public-catalogues';

// the public pages' catalogues are known before the first of them asks for one
addCatalogues(publicCatalogues);

const HomePage = lazy(() => import('./pages/home-page'));
const ChargesPage = lazy(() => import('./pages/charges-page'));
const FaqPage = lazy(() => import('./pages/faq-page'));
const KnowledgePage = lazy(() => import('./pages/knowledge-page'));
const WatchlistPage = lazy(() => import('./pages/watchlist-page'));
const InfoPage = lazy(() => import('./pages/info-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

export default function PublicRoutes() {
  return (
    <PublicLayout>
      <Suspense fallback={<PageLoader label="…" />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="charges" element={<ChargesPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="knowledge-centre/:topic" element={<KnowledgePage />} />
          <Route path="watchlist" element={<WatchlistPage />} />
          <Route path="pages/:slug" element={<InfoPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </PublicLayout>
  );
}
