/**
 * Document requests on the review page: ask the applicant for one more document (a kind and a
 * note they read) without sending a stage back; each request with its state, the answered file
 * opened in the document viewer, accept or decline it, or cancel a request not yet decided. While
 * one is requested or answered the approval waits (the server refuses it).
 */
import {
  DOCUMENT_REQUEST_KINDS,
  type DocumentRequestKind,
  type StaffDocumentRequest,
} from '@ekyc/contracts/calls/backoffice-document-requests';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { toast } from '../../../lib/toast';
import { type DocumentRequestAction, useDocumentRequestAction, useDocumentRequests } from '../api/document-requests';
import { useMe } from '../api/get-me';
import { DocumentViewer } from './document-viewer';
import { formatDateTime } from './format';
import { SelectField } from './select-field';

const textArea = 'w-full rounded-lg border border-slate-400 p-2 text-sm';
const small = 'rounded-lg border px-3 py-1.5 text-sm font-semibold';

function RequestItem({
  request,
  canAct,
  act,
  onOpen,
}: {
  request: StaffDocumentRequest;
  canAct: boolean;
  act: (action: DocumentRequestAction, done: string) => void;
  onOpen: (request: StaffDocumentRequest) => void;
}) {
  const { t, i18n } = useTranslation('backoffice-document-requests');
  const open = request.state === 'requested' || request.state === 'answered';
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="document-request">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`kinds.${request.kind}`)}</span>
        <span
          data-testid="document-request-state"
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${open ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-ink'}`}
        >
          {t(`states.${request.state}`)}
        </span>
        <span className="text-muted">
          {t('askedBy', {
            name: request.requested_by.name,
            at: formatDateTime(request.requested_at, i18n.language),
          })}
        </span>
      </div>
      <p className="mt-1 break-words">{request.note}</p>
      {request.answered_at && (
        <p className="mt-1 text-muted">{t('answeredAt', { at: formatDateTime(request.answered_at, i18n.language) })}</p>
      )}
      {request.decided_by && request.decided_at && (
        <p className="mt-1 text-muted">
          {t('decidedBy', {
            state: t(`states.${request.state}`),
            name: request.decided_by.name,
            at: formatDateTime(request.decided_at, i18n.language),
          })}
          {request.decision_note && `: ${request.decision_note}`}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {request.file && (
          <button type="button" className={`${small} border-brand text-brand`} onClick={() => onOpen(request)}>
            {t('view')}
          </button>
        )}
        {canAct && request.state === 'answered' && (
          <>
            <button
              type="button"
              className={`${small} border-green-700 text-success`}
              onClick={() => act({ type: 'decide', requestId: request.id, decision: 'accept' }, t('accepted'))}
            >
              {t('accept')}
            </button>
            <button
              type="button"
              className={`${small} border-red-700 text-danger`}
              onClick={() => act({ type: 'decide', requestId: request.id, decision: 'decline' }, t('declined'))}
            >
              {t('decline')}
            </button>
          </>
        )}
        {canAct && open && (
          <button
            type="button"
            className={`${small} border-slate-300`}
            onClick={() => act({ type: 'cancel', requestId: request.id }, t('cancelled'))}
          >
            {t('cancel')}
          </button>
        )}
      </div>
    </li>
  );
}

export function DocumentRequestsPanel({ applicationId, underReview }: { applicationId: string; underReview: boolean }) {
  const { t } = useTranslation('backoffice-document-requests');
  // compliance reads; every other role may ask and decide
  const canAct = useMe(true).data?.role !== 'compliance';
  const requests = useDocumentRequests(applicationId);
  const action = useDocumentRequestAction(applicationId);
  const [kind, setKind] = useState<DocumentRequestKind | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [viewing, setViewing] = useState<StaffDocumentRequest | null>(null);
  const noteId = useId();
  const list = requests.data?.requests ?? [];

  const act = (request: DocumentRequestAction, done: string) =>
    action.mutateAsync(request).then(
      (reply) => (reply.status ? toast.success(done) : toast.error(reply.message)),
      (err: Error) => toast.error(err.message),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return setError(t('kindRequired'));
    if (note.trim().length < 3) return setError(t('noteRequired'));
    setError('');
    await act({ type: 'ask', kind, note: note.trim() }, t('asked'));
    setKind('');
    setNote('');
  };

  return (
    <section
      aria-labelledby="document-requests-heading"
      className="rounded-xl bg-white p-4 shadow-sm"
      data-testid="document-requests-panel"
    >
      <h2 id="document-requests-heading" className="mb-1 text-lg font-bold">
        {t('heading')}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {requests.data?.open ? t('openCount', { count: requests.data.open }) : t('intro')}
      </p>
      {list.length > 0 && (
        <ul className="mb-3 space-y-2">
          {list.map((r) => (
            <RequestItem
              key={r.id}
              request={r}
              canAct={canAct}
              act={(a, done) => void act(a, done)}
              onOpen={setViewing}
            />
          ))}
        </ul>
      )}
      {canAct && underReview && (
        <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)} noValidate>
          <SelectField label={t('kind')} value={kind} onChange={(e) => setKind(e.target.value as DocumentRequestKind)}>
            <option value="">{t('chooseKind')}</option>
            {DOCUMENT_REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t('note')}
          </label>
          <textarea
            id={noteId}
            className={textArea}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" className="sm:!w-auto sm:px-6" loading={action.isPending}>
            {t('ask')}
          </Button>
        </form>
      )}
      {viewing?.file && (
        <DocumentViewer
          url={viewing.file.url}
          name={t(`kinds.${viewing.kind}`)}
          isImage={viewing.file.content_type.startsWith('image/')}
          isPdf={viewing.file.content_type === 'application/pdf'}
          onClose={() => setViewing(null)}
        />
      )}
    </section>
  );
}
