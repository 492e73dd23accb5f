import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from '../../../lib/router';
import { LanguageSwitch } from '../../../components/language-switch';
import { useCampaignQuery } from '../hooks/use-campaign-query';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { SiteFooter } from './site-footer';

const NAV = [
  { to: '/charges', key: 'nav.charges' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/knowledge-centre/demat', key: 'nav.knowledge', match: '/knowledge-centre' },
  { to: '/watchlist', key: 'nav.watchlist' },
] as const;

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = usePublicTranslation();
  const { pathname } = useLocation();
  const campaign = useCampaignQuery();
  // No scrolling here: the router scrolls to the top on navigation, and a page that scrolls to
  // its own section (the FAQ's ?screen=) must not be undone by its layout's effect running after.

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-brand focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        {t('nav.skip')}
      </a>
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{t('brand')}</span>
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <LanguageSwitch />
            <Link
              to={`/ekyc1/${campaign}`}
              className="hidden rounded-lg bg-accent px-3 py-2 text-sm font-semibold text-ink sm:inline-block"
            >
              {t('nav.openAccount')}
            </Link>
          </div>
        </div>
        <nav aria-label={t('nav.label')} className="mx-auto max-w-5xl overflow-x-auto px-2">
          <ul className="flex gap-1 whitespace-nowrap pb-2 text-sm">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 ${
                      isActive || ('match' in item && pathname.startsWith(item.match))
                        ? 'bg-white/15 font-semibold'
                        : 'hover:bg-white/10'
                    }`
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pb-16 pt-6">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
