import { Link } from '../../../lib/router';
import { QrCode } from '../components/qr-code';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { useCampaignQuery } from '../hooks/use-campaign-query';
import { APP_DOWNLOAD_URL } from '../site';

const OFFERINGS = ['equity', 'intraday', 'fno', 'currency', 'commodity', 'mf', 'ipo', 'sgb', 'ncd'] as const;
const TOOLS = ['calculators', 'screeners', 'calendar', 'algo', 'strategy'] as const;
const PLANS = ['discounted', 'premium'] as const;

export default function HomePage() {
  const { t } = usePublicTranslation();
  useDocumentTitle(t('home.title'), t('brand'));
  // the sign-up page with the visitor's campaign, so a scan on the phone is counted to it
  const signUp = `/ekyc1/${useCampaignQuery()}`;
  const continueUrl = `${window.location.origin}${signUp}`;
  return (
    <div className="space-y-10">
      <section className="grid items-center gap-6 md:grid-cols-[1fr_auto]">
        <div>
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{t('home.title')}</h1>
          <p className="mt-3 text-lg text-muted">{t('home.lead')}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link
              to={signUp}
              className="rounded-lg bg-brand px-5 py-3 text-base font-semibold text-white hover:bg-brand-dark"
            >
              {t('home.openAccount')}
            </Link>
            <Link
              to="/watchlist"
              className="rounded-lg border border-brand bg-white px-5 py-3 text-base font-semibold text-brand"
            >
              {t('home.guest')}
            </Link>
          </div>
          <ul className="mt-5 space-y-1 text-sm text-muted">
            <li>✓ {t('home.points.free')}</li>
            <li>✓ {t('home.points.rm')}</li>
            <li>✓ {t('home.points.residents')}</li>
            <li>✓ {t('home.points.verification')}</li>
          </ul>
        </div>
        <aside className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center shadow-sm">
          <h2 className="font-semibold">{t('home.qr.title')}</h2>
          <QrCode value={continueUrl} label={t('home.qr.alt')} />
          <p className="max-w-52 text-sm text-muted">{t('home.qr.text')}</p>
          {APP_DOWNLOAD_URL && (
            <>
              <QrCode value={APP_DOWNLOAD_URL} label={t('home.qr.appAlt')} size={120} />
              <a href={APP_DOWNLOAD_URL} className="text-sm font-semibold text-brand underline">
                {t('home.qr.app')}
              </a>
            </>
          )}
        </aside>
      </section>

      <section aria-labelledby="offerings">
        <h2 id="offerings" className="mb-3 text-xl font-bold">
          {t('home.offeringsTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {OFFERINGS.map((o) => (
            <li key={o} className="rounded-lg bg-white p-3 shadow-sm">
              <span className="font-semibold">{t(`home.offerings.${o}`)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          {t('home.toolsTitle')}: {TOOLS.map((k) => t(`home.tools.${k}`)).join(' · ')}
        </p>
      </section>

      <section aria-labelledby="plans">
        <h2 id="plans" className="mb-3 text-xl font-bold">
          {t('home.plansTitle')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLANS.map((p) => (
            <div key={p} className="rounded-xl bg-white p-4 shadow-sm">
              <h3 className="font-semibold">{t(`home.plans.${p}.name`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`home.plans.${p}.text`)}</p>
            </div>
          ))}
        </div>
        <Link to="/charges" className="mt-3 inline-block font-semibold text-brand underline">
          {t('home.seeCharges')}
        </Link>
      </section>

      <section aria-labelledby="steps">
        <h2 id="steps" className="mb-3 text-xl font-bold">
          {t('home.stepsTitle')}
        </h2>
        <ol className="list-decimal space-y-1 pl-5 text-muted">
          {(['mobile', 'pan', 'digilocker', 'profile', 'bank', 'selfie', 'esign'] as const).map((s) => (
            <li key={s}>{t(`home.steps.${s}`)}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
