import { BASE_PATH, isStageCode, routeRule, STAGES } from '@ekyc/contracts/stages';
import { kycList, type UserDetailsRecord } from '@ekyc/contracts/user-details';
import { Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, Outlet, useLocation, useNavigate } from '../lib/router';
import { LanguageSwitch } from '../components/language-switch';
import { faqHref } from '../features/public/faq-screens';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PageLoader, PageLoading } from '../components/spinner';
import { setUnauthorizedHandler } from '../lib/api-client';
import { useOnline } from '../lib/network';
import { useProfileSocket } from '../lib/profile-socket';
import { session, useSession } from '../lib/session';
import { rejectionReason, useUserDetails } from '../lib/user-details';
import { replaceShell } from '../lib/first-page';
import { ProgressBar } from './progress-bar';
import { useStageGuard } from './stage-guard';

/** Title key of a path: '/bank-and-segment/add-bank' -> 'bank-and-segment.add-bank'. */
const titleKey = (path: string) => (path === '/' ? 'sign-up' : path.slice(1).replace(/\//g, '.'));

export default function OnboardingLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = useSession();
  const { progress, record, stage } = useUserDetails();
  const path = pathname.slice(BASE_PATH.length).replace(/\/$/, '') || '/';
  const rule = routeRule(path);
  const { checking } = useStageGuard();
  // The record's arrival renders the layout synchronously (React Query's store): the step's own
  // first render, below, follows as a deferred render, which React does in slices between which
  // the browser runs. A check that starts shows its loader at once.
  const checkingShown = useDeferredValue(checking);
  // title keys hold dots ('bank-and-segment.add-bank'): read them from the object, not as a key path
  const titles = t('titles', { returnObjects: true }) as Record<string, string>;

  const title = titles[titleKey(path)] ?? titles.default ?? '';
  const brand = t('brand');
  // the browser tab and a screen reader name the step, in the person's language
  useEffect(() => {
    document.title = title && title !== brand ? `${title} · ${brand}` : brand;
  }, [title, brand]);
  const heading = useRef<HTMLHeadingElement>(null);
  const page = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  // A new step takes the focus to its heading, so a screen reader announces it (not the page's
  // start); a field the new step focuses itself (its first input) keeps the focus.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const active = document.activeElement;
    const fieldFocused =
      active instanceof HTMLElement && page.current?.contains(active) && active.matches('input, textarea, select');
    if (!fieldFocused) heading.current?.focus({ preventScroll: false });
  }, [pathname]);

  const backToStart = useCallback(() => navigate(`${BASE_PATH}/`, { replace: true }), [navigate]);
  setUnauthorizedHandler(() => {
    session.clear();
    backToStart();
  });
  const reconnecting = useProfileSocket(backToStart);
  const [loaders] = useState(loaderCount);

  return (
    <div className="min-h-dvh">
      <header className="bg-brand text-white">
        {/* wraps instead of pushing the language switch off a narrow screen at large text sizes */}
        <div className="mx-auto flex max-w-xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
          <Link to={`${BASE_PATH}/`} className="flex min-h-11 items-center gap-2 font-bold">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{t('brand')}</span>
          </Link>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <a
              href={faqHref(path)}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold underline-offset-2 hover:underline"
            >
              {t('help')}
            </a>
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 pb-16 pt-4">
        {rule?.back && token && (
          <Link
            to={`${BASE_PATH}${rule.back}`}
            className="mb-1 inline-flex min-h-11 items-center gap-1 pr-2 text-sm font-semibold text-brand"
          >
            <span aria-hidden="true">←</span> {t('back')}
          </Link>
        )}
        {reconnecting && (
          <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('reconnecting')}
          </p>
        )}
        <h1 ref={heading} tabIndex={-1} className="mb-3 text-2xl font-bold break-words focus:outline-none">
          {title}
        </h1>
        {token && rule?.window && <ProgressBar steps={progress.steps} percent={progress.percent} path={pathname} />}
        <OfflineNotice />
        {token && stage !== undefined && rule?.auth && <CorrectionNotice path={path} record={record} stage={stage} />}
        <section ref={page} className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <PageLoading.Provider value={loaders.report}>
            {checking || checkingShown ? (
              <PageLoader label={t('loading')} />
            ) : (
              <PageErrorBoundary resetKey={pathname}>
                <Suspense fallback={<PageLoader label={t('loading')} />}>
                  <ShellHandoff />
                  <Outlet />
                </Suspense>
              </PageErrorBoundary>
            )}
          </PageLoading.Provider>
        </section>
        {/* the accessibility statement (nodal officer) and the grievance route, from every step */}
        <StepLinks loaders={loaders} signedIn={Boolean(token)} />
      </main>
    </div>
  );
}

/**
 * Commits together with the first page: takes away the page index.html painted (#shell) before
 * the browser paints again, so the app's identical header, title and opening line replace it in
 * one frame (no flash, no layout shift, and the early paint stays the largest contentful paint).
 */
function ShellHandoff() {
  useLayoutEffect(replaceShell, []);
  return null;
}

/**
 * On the step a reviewer sent back (Retry on the status screen opens it): says so, with the
 * reviewer's reason, above the form.
 */
function CorrectionNotice({
  path,
  record,
  stage,
}: {
  path: string;
  record: UserDetailsRecord | undefined;
  stage: number;
}) {
  const { t } = useTranslation('common');
  if (!isStageCode(stage) || STAGES[stage].route !== path) return null;
  const entry = kycList(record).find((k) => k.stage === stage);
  if (entry?.admin_activity !== 'Reject') return null;
  const reason = rejectionReason(record, stage);
  return (
    <div role="note" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-ink">
      <p className="font-semibold">{t('correctionNeeded')}</p>
      {reason && <p className="mt-1 break-words">{t('reviewerNote', { reason })}</p>}
    </div>
  );
}

/**
 * Says so while the phone is offline: what the person typed stays in the form, and a call they
 * started waits and goes on by itself once the network is back (the API client retries it).
 */
function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('offline')}
        </p>
      )}
    </div>
  );
}

/** How many page loaders are on screen, told by each as it appears and goes (PageLoading). */
function loaderCount() {
  let count = 0;
  const listeners = new Set<() => void>();
  return {
    report(shown: boolean) {
      count += shown ? 1 : -1;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    shown: () => count > 0,
  };
}

/**
 * The links under the step wait for it: the step's card growing from a loader would push them
 * down. Only they render again as a loader appears or goes, before the browser paints (their
 * layout effect runs after the loaders' own, which come earlier in the page).
 */
function StepLinks({ loaders, signedIn }: { loaders: ReturnType<typeof loaderCount>; signedIn: boolean }) {
  const { t } = useTranslation('common');
  const [waiting, setWaiting] = useState(false);
  useLayoutEffect(() => {
    const update = () => setWaiting(loaders.shown());
    update();
    return loaders.subscribe(update);
  }, [loaders]);
  if (waiting) return null;
  return (
    <nav aria-label={t('help')} className="mt-4 flex flex-wrap justify-center gap-x-4 text-sm">
      {signedIn &&
        (['assisted-kyc', 'privacy'] as const).map((p) => (
          <Link
            key={p}
            to={`${BASE_PATH}/${p}`}
            className="inline-flex min-h-11 items-center px-2 text-brand underline"
          >
            {t(`titles.${p}`)}
          </Link>
        ))}
      <a
        href="/pages/accessibility"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center px-2 text-brand underline"
      >
        {t('accessibility')}
      </a>
      <a
        href="/pages/grievances"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center px-2 text-brand underline"
      >
        {t('grievances')}
      </a>
    </nav>
  );
}
