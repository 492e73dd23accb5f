/**
 * '/status': the review status with its exact final message (section 4). Pending and approved
 * thank the applicant (verification pending); completed congratulates, with the signed form and
 * the app links; rejected apologises with Retry to the stage the reviewer rejected; closed (finally
 * rejected, or expired after a send-back) says why, with no Retry. A document a reviewer asks for
 * while the application is in review is named here with the reviewer's note and a link to its upload.
 */
import { LANGUAGES, type Language, VERIFICATION_DAYS } from '@ekyc/contracts/constants';
import { describeReason, encodeReason } from '@ekyc/contracts/review-reasons';
import { ROUTE } from '@ekyc/contracts/stages';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { useScreenNavigate } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/use-message';
import { useUserDetails } from '../../../lib/user-details';
import { useApplicationStatus } from '../api/get-application-status';
import { DdpiCard } from '../components/ddpi-card';

const APP_LINKS = [
  { key: 'playStore', href: 'https://play.google.com/store/search?q=stock%20trading&c=apps' },
  { key: 'appStore', href: 'https://apps.apple.com/in/search?term=stock%20trading' },
] as const;

/** The key in MSG of each status's final message (the reply's text). */
const STATUS_TEXT = {
  Pending: 'statusUnderReview',
  Approved: 'statusVerified',
  Rejected: 'statusRejected',
  Completed: 'statusActive',
  Closed: 'statusClosed',
} as const;

// useStageAction does not fit: it reads the application's status and calls no stage action (docs/architecture.md).
export default function StatusPage() {
  const { t, i18n } = useTranslation('status');
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
  // the server names the time in English: the known phrases are shown in the person's language
  const verificationDays = (days: string) =>
    days === VERIFICATION_DAYS.primary
      ? t('days.primary')
      : days === VERIFICATION_DAYS.alternative
        ? t('days.alternative')
        : days;
  const msg = useMessage();
  const go = useScreenNavigate();
  const { signedPdfUrl } = useSession();
  const { details, dataUpdatedAt } = useUserDetails();
  const review = details?.review_obj.status;
  const query = useApplicationStatus(`${review ?? ''}:${dataUpdatedAt}`);
  if (!query.data) return <PageLoader label={t('common:loading')} />;
  const data = query.data;
  const pdf = data.signed_document ?? signedPdfUrl;
  const tone = {
    Pending: { heading: t('thankYou'), colour: 'text-brand' },
    Approved: { heading: t('thankYou'), colour: 'text-success' },
    Completed: { heading: t('congratulations'), colour: 'text-success' },
    Rejected: { heading: t('sorry'), colour: 'text-danger' },
    Closed: { heading: t('sorry'), colour: 'text-danger' },
  }[data.status];

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h2 className={`text-2xl font-bold ${tone.colour}`}>{tone.heading}</h2>
      {data.account_closed_at && (
        <p
          role="status"
          data-testid="account-closed"
          className="rounded-lg bg-slate-100 px-3 py-2 font-semibold text-ink"
        >
          {t('accountClosed', {
            date: new Intl.DateTimeFormat(document.documentElement.lang || i18n.language, { dateStyle: 'long' }).format(
              new Date(data.account_closed_at),
            ),
          })}
        </p>
      )}
      <p data-testid="status-message" className="text-lg text-ink">
        {msg({ code: STATUS_TEXT[data.status], message: data.text })}
      </p>
      {(data.status === 'Pending' || data.status === 'Approved') && (
        <p className="rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-700">
          {t('verificationPending')}
        </p>
      )}
      {data.status === 'Pending' && data.document_requests && data.document_requests.length > 0 && (
        <section
          aria-labelledby="document-requests-heading"
          data-testid="document-requests"
          className="w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-ink"
        >
          <h3 id="document-requests-heading" className="font-semibold">
            {t('documentRequest.heading')}
          </h3>
          <ul className="mt-2 space-y-3">
            {data.document_requests.map((r) => (
              <li key={r.id}>
                <p className="font-semibold">{t(`documentRequest.kinds.${r.kind}`)}</p>
                <p className="break-words">{r.note}</p>
                {r.state === 'requested' ? (
                  <Button className="mt-2" onClick={() => go(`${ROUTE.documentRequest}?id=${r.id}`)}>
                    {t('documentRequest.upload')}
                  </Button>
                ) : (
                  <p className="mt-1 text-muted">{t('documentRequest.sent')}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.status === 'Pending' && (
        <p className="text-sm text-muted">
          {t('verificationTime', { days: verificationDays(data.verification_days) })}
        </p>
      )}
      {data.status === 'Approved' && <p className="text-sm text-muted">{t('registering')}</p>}
      {data.status === 'Completed' && (
        <>
          <dl className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-white p-3 text-left shadow-sm">
            <dt className="text-muted">{t('clientCode')}</dt>
            <dd data-testid="client-code" className="font-mono font-semibold">
              {data.client_code}
            </dd>
            <dt className="text-muted">{t('boId')}</dt>
            <dd data-testid="bo-id" className="font-mono font-semibold">
              {data.bo_id}
            </dd>
          </dl>
          {data.segments.length > 0 && (
            <ul className="w-full text-left text-sm">
              {data.segments.map((s) => (
                <li key={s.code}>
                  {t('tradingFrom', { segment: s.name, exchanges: s.exchanges.join(', '), date: s.trading_from })}
                </li>
              ))}
            </ul>
          )}
          {data.kra && (
            <p className="text-sm text-muted">{t('kra', { status: t(`registrationStatus.${data.kra.status}`) })}</p>
          )}
          {data.ckyc?.reference && <p className="text-sm text-muted">{t('ckyc', { kin: data.ckyc.reference })}</p>}
          {pdf && (
            <a
              href={`${pdf}${pdf.includes('?') ? '&' : '?'}download=1`}
              download="signed-account-opening-form.pdf"
              className="w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark"
            >
              {t('downloadSigned')}
            </a>
          )}
          <nav aria-label={t('appLinks')} className="grid w-full grid-cols-2 gap-2">
            {APP_LINKS.map((l) => (
              <a
                key={l.key}
                href={l.href}
                target="_blank"
                rel="noreferrer"
                className="rounded-lg border border-slate-500 bg-white px-3 py-2 font-semibold text-ink"
              >
                {t(l.key)}
              </a>
            ))}
          </nav>
        </>
      )}
      {data.status !== 'Completed' && pdf && (
        <a
          href={`${pdf}${pdf.includes('?') ? '&' : '?'}download=1`}
          download="signed-account-opening-form.pdf"
          className="font-semibold text-brand underline-offset-2 hover:underline"
        >
          {t('downloadSigned')}
        </a>
      )}
      {(data.status === 'Pending' || data.status === 'Approved') && <DdpiCard />}
      {data.status === 'Closed' && data.closure && (
        <section
          aria-labelledby="closure-heading"
          data-testid="closure"
          className="w-full rounded-lg border border-red-200 bg-red-50 p-3 text-left text-sm text-ink"
        >
          <h3 id="closure-heading" className="font-semibold">
            {t(data.closure.kind === 'expired' ? 'closedExpired' : 'closedRejected')}
          </h3>
          {data.closure.texts?.[language] && <p className="mt-1 break-words">{data.closure.texts[language]}</p>}
        </section>
      )}
      {data.status === 'Rejected' && (
        <>
          {data.rejected_stage !== null && (
            <section
              aria-labelledby="reasons-heading"
              className="w-full rounded-lg border border-red-200 bg-red-50 p-3 text-left text-sm text-ink"
            >
              <h3 id="reasons-heading" className="font-semibold">
                {t('rejectedStage', { stage: t(`stages.${data.rejected_stage}`, { defaultValue: '' }) })}
              </h3>
              {data.reasons && data.reasons.length > 0 && (
                <ul className="mt-1 space-y-1" data-testid="rejection-reasons">
                  {data.reasons.map((r) => (
                    <li key={r.stage} className="break-words">
                      {t('rejectedReason', {
                        reason: describeReason(encodeReason(r.code ?? undefined, r.note), language, r.texts),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <p className="text-sm text-muted">{msg('weAreSorry')}</p>
          {data.retry_screen && <Button onClick={() => go(data.retry_screen!)}>{t('common:retry')}</Button>}
        </>
      )}
    </div>
  );
}
