/**
 * '/privacy': the applicant's consents under the DPDP Act, one per purpose with the notice version
 * and when it was given or withdrawn; communication and marketing are withdrawn (or given) with one
 * button, as easily as they were asked. Erasure on request: before signing, everything is erased
 * and the applicant signed out; after, a legal hold keeps what the law needs (class by class, with
 * its source) while the account is open and for the class's years after its closure, the rest is
 * erased at once, and the page shows what is kept, why and until when. A closed account says so.
 */
import type { ConsentsData } from '@ekyc/contracts/calls/consents';
import { BASE_PATH } from '@ekyc/contracts/stages';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { LoadFailed } from '../../../components/load-failed';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/spinner';
import { useNavigate } from '../../../lib/router';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useConsents, useRequestErasure, useUpdateConsent } from '../api/consents';

type Purpose = ConsentsData['purposes'][number];

export default function PrivacyPage() {
  const { t, i18n } = useTranslation('privacy');
  const consents = useConsents();
  const update = useUpdateConsent();
  const erase = useRequestErasure();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const msg = useMessage();
  const failed = (err: Error) => toast.error(msg(err));
  const day = (iso: string) =>
    new Intl.DateTimeFormat(document.documentElement.lang || i18n.language, { dateStyle: 'long' }).format(
      new Date(iso),
    );

  if (consents.isError) return <LoadFailed error={consents.error} onRetry={() => void consents.refetch()} />;
  if (!consents.data) return <PageLoader label={t('common:loading')} />;
  const data = consents.data;
  const erasure = data.erasure;

  const change = (p: Purpose) =>
    update.mutate(
      { purpose: p.purpose as 'communication' | 'marketing', granted: !p.granted },
      { onSuccess: () => toast.success(t(p.granted ? 'withdrawn' : 'given')), onError: failed },
    );
  const requestErasure = () =>
    erase.mutate(
      { confirm: true },
      {
        onSuccess: (res) => {
          setConfirming(false);
          if (!res.signed_out) return;
          session.clear();
          toast.success(t('erased'));
          navigate(`${BASE_PATH}/`, { replace: true });
        },
        onError: failed,
      },
    );

  return (
    <div className="flex flex-col gap-4">
      {data.account_closed_at && (
        <p
          role="status"
          data-testid="account-closed"
          className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-ink"
        >
          {t('closed', { date: day(data.account_closed_at) })}
        </p>
      )}
      <p className="text-ink">
        {t('intro')}{' '}
        <a href="/pages/privacy" target="_blank" rel="noopener" className="font-semibold text-brand underline">
          {t('notice', { version: data.notice_version })}
        </a>
      </p>
      <ul className="flex flex-col gap-3" aria-label={t('purposes')}>
        {data.purposes.map((p) => (
          <li key={p.purpose} className="rounded-lg border border-slate-300 p-3" data-testid={`consent-${p.purpose}`}>
            <h2 className="font-semibold">{t(`purpose.${p.purpose}.title`)}</h2>
            <p className="text-sm text-muted">{t(`purpose.${p.purpose}.text`)}</p>
            <p className="mt-1 text-sm font-semibold" data-testid={`consent-${p.purpose}-state`}>
              {p.recorded_at
                ? t(p.granted ? 'givenOn' : 'withdrawnOn', { date: day(p.recorded_at), version: p.notice_version })
                : t('notGiven')}
            </p>
            {p.purpose !== 'kyc' && !erasure && (
              <Button
                variant="secondary"
                className="mt-2"
                loading={update.isPending && update.variables?.purpose === p.purpose}
                onClick={() => change(p)}
              >
                {t(p.granted ? 'withdraw' : 'give', { purpose: t(`purpose.${p.purpose}.title`) })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="erasure-heading" className="rounded-lg border border-red-200 bg-red-50 p-3">
        <h2 id="erasure-heading" className="font-semibold">
          {t('erasure.title')}
        </h2>
        {erasure ? (
          <div role="status" data-testid="erasure-status" className="mt-1 text-sm text-ink">
            <p>{t('erasure.requested', { date: day(erasure.requested_at) })}</p>
            {erasure.kept.length > 0 && (
              <>
                <p className="mt-1">
                  {erasure.hold_until
                    ? t('erasure.heldUntil', { date: day(erasure.hold_until) })
                    : t('erasure.heldOpen')}
                </p>
                <ul className="mt-1 list-disc pl-5" data-testid="erasure-kept">
                  {erasure.kept.map((k) => (
                    <li key={k.record_class}>
                      {t('erasure.keptItem', {
                        what: t(`class.${k.record_class}`),
                        years: k.years_after_closure,
                        source: k.source,
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {erasure.erased_now.length > 0 && (
              <p className="mt-1" data-testid="erasure-erased-now">
                {t('erasure.erasedNow', {
                  what: erasure.erased_now.map((k) => t(`class.${k.record_class}`)).join('; '),
                })}
              </p>
            )}
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-ink">{t('erasure.text')}</p>
            <Button variant="secondary" className="mt-2" onClick={() => setConfirming(true)}>
              {t('erasure.button')}
            </Button>
          </>
        )}
      </section>
      <Modal open={confirming} title={t('erasure.confirmTitle')} onClose={() => setConfirming(false)}>
        <p className="mb-4 text-ink">{t('erasure.confirmText')}</p>
        <div className="flex flex-col gap-2">
          <Button loading={erase.isPending} onClick={requestErasure}>
            {t('erasure.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('common:cancel')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
