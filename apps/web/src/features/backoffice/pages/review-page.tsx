import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { downloadEvidenceBundle, nextApplication, useClaimAction } from '../api/operations';
import { ClaimBar } from '../components/claim-bar';
import { EvidencePanel } from '../components/evidence-panel';
import { ShortcutHelp } from '../components/shortcut-help';
import { useApplication } from '../api/get-application';
import { type DocumentItem, DocumentGrid } from '../components/document-grid';
import { SignatureCompare } from '../components/signature-compare';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { SectionCard } from '../components/section-card';
import { ApprovalPanel } from '../components/approval-panel';
import { CaseFlowPanel } from '../components/case-flow-panel';
import { DocumentRequestsPanel } from '../components/document-requests-panel';
import { HoldPanel } from '../components/hold-panel';
import { RegistrationsPanel } from '../components/registrations-panel';
import { RuleSetPanel } from '../components/rule-set-panel';
import { DeceasedBanner } from '../components/deceased-banner';
import { ScreeningPanel } from '../components/screening-panel';
import { type DecisionOutcome, StageDecisions } from '../components/stage-decisions';
import { CheckTable, SharedIdentifiers } from '../components/check-table';
import { SignedChanges } from '../components/signed-changes';
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

function Review({ application, onNext }: { application: ApplicationData; onNext: () => void }) {
  const { t, i18n } = useTranslation(['backoffice', 'operations']);
  const [handedOn, setHandedOn] = useState(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const onDecided = (outcome: DecisionOutcome) => {
    if (outcome.status === 'Rejected' || outcome.awaiting_confirmation) setHandedOn(true);
  };
  useEffect(() => {
    if (handedOn) nextRef.current?.focus();
  }, [handedOn]);
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
  const signature = imageOf((d) => d.section === 'signature_obj');
  const panCard = documents.find((d) => /pan/i.test(d.section) && d.field.file);
  const signedForm = documents.find(
    (d) => d.field.file?.content_type === 'application/pdf' && /signed_document/.test(d.field.path),
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <DeceasedBanner applicationId={application.id} />
      <ClaimBar application={application} />
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
          <button
            type="button"
            className="font-semibold text-brand underline"
            onClick={() => void downloadEvidenceBundle(application.id).catch((err: Error) => toast.error(err.message))}
          >
            {t('review.evidenceBundle')}
          </button>
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
      </section>
      {application.evidence && (
        <EvidencePanel
          evidence={application.evidence}
          selfieUrl={selfie ? urlOf(selfie) : null}
          aadhaarPhotoUrl={aadhaarPhoto ? urlOf(aadhaarPhoto) : null}
        />
      )}
      <SharedIdentifiers shared={application.shared} />
      <ScreeningPanel applicationId={application.id} />
      {handedOn && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-xl bg-green-50 p-3 font-semibold text-success"
        >
          {t('review.saved')}
          <button
            ref={nextRef}
            type="button"
            onClick={onNext}
            className="ml-auto rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white"
          >
            {t('operations:next.button')} →
          </button>
        </p>
      )}
      <SignedChanges changes={application.signed_changes} />
      <StageDecisions application={application} onDecided={onDecided} />
      <ApprovalPanel application={application} />
      <CaseFlowPanel application={application} />
      <HoldPanel applicationId={application.id} />
      <DocumentRequestsPanel applicationId={application.id} underReview={application.status === 'Pending'} />
      <RegistrationsPanel
        applicationId={application.id}
        approved={application.approval.step === 'registrations' || application.approval.step === 'done'}
      />
      <RuleSetPanel applicationId={application.id} />
      {signature && (
        <SignatureCompare
          signatureUrl={urlOf(signature)}
          panCard={
            panCard ? { url: urlOf(panCard), isPdf: panCard.field.file?.content_type === 'application/pdf' } : null
          }
          signedFormUrl={signedForm ? urlOf(signedForm) : null}
        />
      )}
      <DocumentGrid items={documents} />
      <h2 className="text-lg font-bold">{t('review.collected')}</h2>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {sections.map(([name, fields]) => (
          <SectionCard key={name} title={title(name)} fields={fields} />
        ))}
      </div>
    </div>
  );
}

export default function ReviewPage() {
  const { t } = useTranslation(['backoffice', 'operations']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const application = useApplication(id);
  const claim = useClaimAction(id);
  const [help, setHelp] = useState(false);
  const goNext = async () => {
    try {
      const next = await nextApplication(id);
      if (next) navigate(`/backoffice/applications/${next}`);
      else toast.success(t('operations:next.none'));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]:not([data-shortcut-help])'))
        return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp((h) => !h);
      } else if (e.key === 'n') {
        e.preventDefault();
        void goNext();
      } else if (e.key === 'c' && application.data && !application.data.claim) {
        e.preventDefault();
        claim.mutate({ kind: 'claim' }, { onError: (err) => toast.error(err.message) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Link to="/backoffice/" className="font-semibold text-brand underline">
          ← {t('review.back')}
        </Link>
        <button
          type="button"
          onClick={() => setHelp(true)}
          className="ml-auto rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold"
        >
          {t('operations:shortcuts.open')}
        </button>
        <button
          type="button"
          onClick={() => void goNext()}
          className="rounded-lg border border-brand bg-white px-3 py-1.5 text-sm font-semibold text-brand"
        >
          {t('operations:next.button')} →
        </button>
      </div>
      <QueryState query={application}>
        {(data) => <Review application={data} onNext={() => void goNext()} />}
      </QueryState>
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}
