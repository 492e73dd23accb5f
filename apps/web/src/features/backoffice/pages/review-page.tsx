import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../../lib/router';
import { useApplication } from '../api/get-application';
import { type DocumentItem, DocumentGrid } from '../components/document-grid';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { SectionCard } from '../components/section-card';
import { ApprovalPanel } from '../components/approval-panel';
import { RegistrationsPanel } from '../components/registrations-panel';
import { StageDecisions } from '../components/stage-decisions';
import { CheckTable, SharedIdentifiers } from '../components/check-table';
import { StatusBadge } from '../components/status-badge';

const isDocument = (value: unknown) =>
  typeof value === 'string' && /^data:(image\/(png|jpe?g)|application\/pdf)[;,]/.test(value);

/** Sections in the order of the journey; private ones (leading underscore) last. */
const ORDER = [
  'pan_obj',
  'kra_data_obj',
  'digilocker_obj',
  'personal_obj',
  'bank_obj',
  'bank_callback',
  'signature_obj',
  'nominee_obj',
  'segment_obj',
  'livness_obj',
  'esign_obj',
  'review_obj',
];
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : name.startsWith('_') ? 200 : 100);

function Review({ application }: { application: ApplicationData }) {
  const { t, i18n } = useTranslation('backoffice');
  const title = (name: string) =>
    name.startsWith('_')
      ? t('review.internal', { name: name.slice(1).replace(/_/g, ' ') })
      : t(`review.sections.${name}`, { defaultValue: name.replace(/_/g, ' ') });
  const sections = Object.entries(application.sections).sort(([a], [b]) => rank(a) - rank(b));
  const documents: DocumentItem[] = sections.flatMap(([section, fields]) =>
    fields
      .filter((f) => f.file || isDocument(f.value))
      .map((field) => ({ section, sectionTitle: title(section), field })),
  );
  const imageOf = (match: (d: DocumentItem) => boolean) =>
    documents.find((d) => match(d) && (d.field.file?.content_type.startsWith('image/') ?? isDocument(d.field.value)));
  const selfie = imageOf((d) => d.section === 'livness_obj' || /selfie|liveness/i.test(d.field.path));
  const aadhaarPhoto = imageOf((d) => d.section === 'digilocker_obj' && /photo/i.test(d.field.path));
  const urlOf = (d: DocumentItem) => d.field.file?.url ?? String(d.field.value);
  return (
    <div className="grid gap-4">
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold">
            {String(application.sections.pan_obj?.find((f) => f.path === 'full_name')?.value ?? application.mobile)}
          </h1>
          <StatusBadge status={application.status} />
          <Link
            to={`/backoffice/applications/${application.id}/audit`}
            className="ml-auto font-semibold text-brand underline"
          >
            {t('review.audit')}
          </Link>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-4">
          <dt className="text-muted">{t('review.mobile')}</dt>
          <dd className="font-mono">{application.mobile}</dd>
          <dt className="text-muted">{t('review.email')}</dt>
          <dd className="break-all">{application.email ?? '—'}</dd>
          <dt className="text-muted">{t('review.started')}</dt>
          <dd>{formatDateTime(application.created_at, i18n.language)}</dd>
          <dt className="text-muted">{t('review.source')}</dt>
          <dd>
            {[application.utm.source, application.utm.campaign, application.refcode].filter(Boolean).join(' · ') || '—'}
          </dd>
          <dt className="text-muted">{t('review.clientCode')}</dt>
          <dd className="font-mono font-semibold" data-testid="client-code">
            {application.client_code ?? '—'}
          </dd>
          <dt className="text-muted">{t('review.applicantSees')}</dt>
          <dd>{application.review ? `${application.review.status}: ${application.review.text}` : '—'}</dd>
        </dl>
      </section>
      <section aria-labelledby="checks-heading" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="checks-heading" className="mb-2 text-lg font-bold">
          {t('review.checks')}
        </h2>
        <CheckTable checks={application.checks} />
        <div className="mt-3 grid max-w-xl grid-cols-2 gap-3">
          {(
            [
              ['selfie', selfie],
              ['aadhaarPhoto', aadhaarPhoto],
            ] as const
          ).map(([key, doc]) => (
            <figure key={key} className="rounded-lg border border-slate-200 p-2">
              {doc ? (
                <img
                  src={urlOf(doc)}
                  alt={t(`review.${key}`)}
                  className="h-48 w-full rounded bg-slate-100 object-contain"
                />
              ) : (
                <div className="flex h-48 items-center justify-center rounded bg-slate-100 text-sm text-muted">
                  {t('review.notRecorded')}
                </div>
              )}
              <figcaption className="mt-1 text-center text-sm font-semibold">{t(`review.${key}`)}</figcaption>
            </figure>
          ))}
        </div>
      </section>
      <SharedIdentifiers shared={application.shared} />
      <StageDecisions application={application} />
      <ApprovalPanel application={application} />
      <RegistrationsPanel
        applicationId={application.id}
        approved={application.approval.step === 'registrations' || application.approval.step === 'done'}
      />
      <DocumentGrid items={documents} />
      <h2 className="text-lg font-bold">{t('review.collected')}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {sections.map(([name, fields]) => (
          <SectionCard key={name} title={title(name)} fields={fields} />
        ))}
      </div>
    </div>
  );
}

export default function ReviewPage() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const application = useApplication(id);
  return (
    <>
      <Link to="/backoffice/" className="mb-3 inline-block font-semibold text-brand underline">
        ← {t('review.back')}
      </Link>
      <QueryState query={application}>{(data) => <Review application={data} />}</QueryState>
    </>
  );
}
