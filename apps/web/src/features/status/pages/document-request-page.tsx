/**
 * '/status/document?id=…': the upload of a document a reviewer asked for (a banker's letter, a
 * self-declaration). The note says what is needed; an image (compressed here) or a PDF of at most
 * 5 MB goes to the server, which checks it as every upload. No stage moves: back to the status page.
 */
import type { ApplicantDocumentRequest } from '@ekyc/contracts/calls/document-request';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { ROUTE } from '@ekyc/contracts/stages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { FileField, shortFileName } from '../../../components/file-field';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { compressImage } from '../../../lib/compress-image';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useScreenNavigate } from '../../../lib/navigation';
import { useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { type Saying, useMessage } from '../../../lib/use-message';
import { fieldProblems } from '../../../lib/use-stage-action';
import { useAnswerDocumentRequest } from '../api/answer-document-request';
import { useApplicationStatus } from '../api/get-application-status';

// useStageAction does not fit: answering a reviewer's document request moves no stage; the page goes back to the status page (docs/architecture.md).

async function toDataUrl(file: File): Promise<string> {
  if (file.type === 'application/pdf') return fileToDataUrl(file);
  return fileToDataUrl(await compressImage(file, { maxPx: 2000 }));
}

function Upload({ request }: { request: ApplicantDocumentRequest }) {
  const { t } = useTranslation('status');
  const msg = useMessage();
  const go = useScreenNavigate();
  const answer = useAnswerDocumentRequest(request.id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<Saying>(null);

  const pick = (picked: File | undefined) => {
    setError(null);
    setFile(picked ?? null);
    if (!picked) return;
    // a picture is compressed before it goes: only a PDF's own size counts
    const problem = uploadError('requestedDocument', {
      type: picked.type,
      size: picked.type === 'application/pdf' ? picked.size : 0,
    });
    if (problem) setError(problem);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('fieldRequired');
    if (error) return;
    try {
      const reply = await answer.mutateAsync({ document: await toDataUrl(file) });
      if (!reply.status) toast.error(msg(reply));
      else toast.success(msg(reply));
      go(ROUTE.status);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 400) setError(fieldProblems(err)[0] ?? err);
      else toast.error(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-labelledby="request-title">
      <h2 id="request-title" className="text-xl font-bold text-ink">
        {t(`documentRequest.kinds.${request.kind}`)}
      </h2>
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-ink" data-testid="document-request-note">
        <span className="font-semibold">{t('documentRequest.reviewerNote')}</span>{' '}
        <span className="break-words">{request.note}</span>
      </p>
      <FileField
        label={t('documentRequest.fileLabel')}
        accept={uploadAccept('requestedDocument')}
        onPick={pick}
        hint={file ? shortFileName(file.name) : t('documentRequest.fileHint')}
        error={error ? msg(error) : null}
      />
      <Button type="submit" loading={answer.isPending}>
        {t('documentRequest.send')}
      </Button>
      <button type="button" className="font-semibold text-brand underline" onClick={() => go(ROUTE.status)}>
        {t('documentRequest.back')}
      </button>
    </form>
  );
}

export default function DocumentRequestPage() {
  const { t } = useTranslation('status');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useApplicationStatus('document-request');
  if (!query.data) return <PageLoader label={t('common:loading')} />;
  const request = query.data.document_requests?.find((r) => r.id === id && r.state === 'requested');
  if (!request)
    return (
      <p role="status" className="text-center text-ink">
        {t('documentRequest.none')}
      </p>
    );
  return <Upload request={request} />;
}
