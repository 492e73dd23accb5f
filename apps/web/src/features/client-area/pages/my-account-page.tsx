/** "My account": codes, segments, nominees, bank, DDPI, contacts, documents (signed forms, welcome kit), online access and requests. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { Link } from '../../../lib/router';
import { useMyAccount } from '../api/get-my-account';
import { KycStatus } from '../components/kyc-status';
import { OnlineAccess } from '../components/online-access';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4 rounded-xl bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold break-all">{value}</dd>
    </div>
  );
}

export default function MyAccountPage() {
  const { t, i18n } = useTranslation(['client-area', 'nominee']);
  const account = useMyAccount();
  if (account.isPending) return <PageLoader label={t('loading')} />;
  if (account.isError)
    return (
      <div role="alert" className="rounded-xl bg-white p-4">
        <p className="mb-3">{t('loadFailed')}</p>
        <Button onClick={() => void account.refetch()}>{t('retry')}</Button>
      </div>
    );
  const a = account.data;
  const openOf = (kind: string) =>
    a.requests.some((r) => r.kind === kind && ['signed', 'in_review', 'sent_to_registries'].includes(r.status));
  const nominationOpen = openOf('nomination');
  const signed = a.documents.filter((d) => d.kind !== 'welcome_kit');
  const kit = a.documents.flatMap((d) => (d.kind === 'welcome_kit' && d.key ? [{ key: d.key, link: d.link }] : []));
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold">{t('title')}</h1>
      <Section id="codes" title={t('codes.heading')}>
        <dl>
          <Row label={t('codes.name')} value={a.name} />
          <Row label={t('codes.clientCode')} value={<span data-testid="client-code">{a.client_code ?? '-'}</span>} />
          <Row label={t('codes.boId')} value={a.bo_id ?? '-'} />
        </dl>
      </Section>
      <Section id="access" title={t('access.heading')}>
        <OnlineAccess frozen={a.online_access.frozen} since={a.online_access.since} />
      </Section>
      <Section id="nominees" title={t('nominees.heading')}>
        {a.nomination_opted_out ? (
          <p>{t('nominees.optedOut')}</p>
        ) : a.nominees.length === 0 ? (
          <p>{t('nominees.none')}</p>
        ) : (
          <ul data-testid="nominee-list" className="mb-2 list-none">
            {a.nominees.map((n) => (
              <li key={`${n.name}-${n.relation}`} className="py-1">
                <span className="font-semibold">{n.name}</span>,{' '}
                {t(`nominee:relations.${n.relation}`, { defaultValue: n.relation })}
                {n.share && `, ${t('nominees.share', { share: n.share })}`}
              </li>
            ))}
          </ul>
        )}
        {!nominationOpen && (
          <Link to="/my-account/nomination" className="mt-2 inline-block font-semibold text-brand underline">
            {t('nominees.change')}
          </Link>
        )}
      </Section>
      <Section id="requests" title={t('requests.heading')}>
        {a.requests.length === 0 ? (
          <p>{t('requests.none')}</p>
        ) : (
          <ul data-testid="request-list" className="list-none">
            {a.requests.map((r) => (
              <li key={r.id} className="border-b border-slate-200 py-2 last:border-0">
                <span className="font-semibold">{r.number}</span> · {t(`kind.${r.kind}`)}:{' '}
                <span data-testid={`request-status-${r.kind}`}>{t(`status.${r.status}`)}</span>
                {r.reason_code && <span className="block text-sm text-danger">{t(`reason.${r.reason_code}`)}</span>}
                <span className="block text-xs text-muted">{new Date(r.updated_at).toLocaleString(i18n.language)}</span>
                {r.signed_document && (
                  <a href={r.signed_document} className="text-sm text-brand underline" target="_blank" rel="noreferrer">
                    {t('requests.signedForm')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="segments" title={t('segments.heading')}>
        <ul className="list-none">
          {a.segments.map((s) => (
            <li key={s.code} className="py-1" data-testid={`segment-${s.code}`}>
              {s.name} ({s.exchanges.join(', ')}):{' '}
              <span data-testid={`segment-state-${s.code}`}>{t(`segments.${s.state}`)}</span>
              {/* held back at approval until the income proof arrives: a segment request activates it */}
              {s.reason && <span className="block text-sm text-muted">{t(`segments.pendingReason.${s.reason}`)}</span>}
            </li>
          ))}
        </ul>
        {!openOf('segments') && (
          <Link to="/my-account/segments" className="mt-2 inline-block font-semibold text-brand underline">
            {t(a.segments.some((s) => s.state === 'pending_proof') ? 'segments.sendProof' : 'segments.change')}
          </Link>
        )}
      </Section>
      <Section id="kyc" title={t('kyc.heading')}>
        <KycStatus />
      </Section>
      <Section id="bank" title={t('bank.heading')}>
        <ul data-testid="bank-list" className="list-none">
          {a.bank_accounts.map((b) => (
            <li key={`${b.ifsc}-${b.account_last4}`} className="py-1">
              {b.bank_name}, {t('bank.account', { last4: b.account_last4 })} ({b.ifsc})
              {b.primary && ` · ${t('bank.primary')}`}
            </li>
          ))}
        </ul>
        {!openOf('bank') && (
          <Link to="/my-account/bank" className="mt-2 inline-block font-semibold text-brand underline">
            {t('bank.change')}
          </Link>
        )}
      </Section>
      <Section id="ddpi" title={t('ddpi.heading')}>
        <p>{a.ddpi.given ? t('ddpi.given') : t('ddpi.notGiven')}</p>
        {!a.ddpi.given && !openOf('ddpi') && (
          <Link to="/my-account/ddpi" className="mt-2 inline-block font-semibold text-brand underline">
            {t('ddpi.later')}
          </Link>
        )}
      </Section>
      <Section id="contact" title={t('contact.heading')}>
        <dl>
          <Row label={t('contact.mobile')} value={a.mobile} />
          <Row label={t('contact.email')} value={a.email || '-'} />
          <Row label={t('contact.address')} value={a.address || '-'} />
        </dl>
        <div className="mt-2 flex flex-col gap-1">
          {!openOf('contact') && (
            <Link to="/my-account/contact" className="font-semibold text-brand underline">
              {t('contact.change')}
            </Link>
          )}
          {!openOf('address') && (
            <Link to="/my-account/address" className="font-semibold text-brand underline">
              {t('contact.changeAddress')}
            </Link>
          )}
        </div>
      </Section>
      {!openOf('closure') && (
        <Section id="closure" title={t('closure.heading')}>
          <p className="mb-2 text-sm">{t('closure.linkIntro')}</p>
          <Link to="/my-account/close" className="font-semibold text-brand underline">
            {t('closure.link')}
          </Link>
        </Section>
      )}
      <Section id="documents" title={t('documents.heading')}>
        <ul className="list-none">
          {signed.map((d) => (
            <li key={d.kind} className="py-1">
              <a href={d.link} className="text-brand underline" target="_blank" rel="noreferrer">
                {t(`documents.${d.kind}`)}
              </a>
            </li>
          ))}
        </ul>
        {kit.length > 0 && (
          <>
            <h3 id="welcome-kit" className="mt-3 mb-1 font-semibold">
              {t('documents.welcome_kit')}
            </h3>
            <ul aria-labelledby="welcome-kit" className="list-none" data-testid="welcome-kit">
              {kit.map((d) => (
                <li key={d.key} className="py-1">
                  <a href={d.link} className="text-brand underline" target="_blank" rel="noreferrer">
                    {t(`documents.kit.${d.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
    </div>
  );
}
