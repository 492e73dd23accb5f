import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { FAQ_SCREENS, isFaqScreen } from '../faq-screens';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';

interface FaqItem {
  q: string;
  a: string;
}

/** All FAQs, grouped by onboarding screen; ?screen=<key> opens and scrolls to that screen's section. */
export default function FaqPage() {
  const { t } = usePublicTranslation();
  useDocumentTitle(t('faqPage.title'), t('brand'));
  const faq = usePublicTranslation('faq');
  const [params] = useSearchParams();
  const screen = params.get('screen');
  const focused = isFaqScreen(screen) ? screen : null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focused) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [focused]);

  return (
    <article>
      <h1 className="text-3xl font-bold">{t('faqPage.title')}</h1>
      <p className="mt-2 text-muted">{t('faqPage.intro')}</p>
      <nav aria-label={t('faqPage.jump')} className="my-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {FAQ_SCREENS.map((s) => (
            <li key={s}>
              <Link
                to={`/faq?screen=${s}`}
                aria-current={s === focused ? 'true' : undefined}
                className={`inline-block rounded-full border px-3 py-1 ${
                  s === focused ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white'
                }`}
              >
                {faq.t(`${s}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-6">
        {FAQ_SCREENS.map((s) => (
          <section key={s} id={`faq-${s}`} aria-labelledby={`faq-${s}-title`} className="scroll-mt-4">
            <h2
              id={`faq-${s}-title`}
              ref={s === focused ? headingRef : undefined}
              tabIndex={-1}
              className="mb-2 text-xl font-bold"
            >
              {faq.t(`${s}.title`)}
            </h2>
            <div className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
              {faq.list<FaqItem>(`${s}.items`).map((item) => (
                <details key={item.q} open={s === focused} className="group p-3">
                  <summary className="cursor-pointer list-none font-semibold marker:hidden">
                    <span className="mr-2 inline-block text-brand transition-transform group-open:rotate-90">›</span>
                    {item.q}
                  </summary>
                  <p className="mt-2 text-muted">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-8 text-sm text-muted">
        {t('faqPage.more')}{' '}
        <Link to="/pages/grievances" className="font-semibold text-brand underline">
          {t('pages.grievances.title')}
        </Link>
      </p>
    </article>
  );
}
