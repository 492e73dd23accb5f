/**
 * A document request answered: the applicant uploads the file a reviewer asked for (an image or a
 * PDF, checked as every upload is: what its first bytes say, images re-encoded, PDFs opened and
 * free of active content), stored encrypted. No stage moves: the application stays in review and
 * the reviewer accepts or declines the file. Another applicant's request is not found.
 */
import type { AnswerDocumentRequestBody, AnswerDocumentRequestData } from '@ekyc/contracts/calls/document-request';
import { ROUTE, type Screen } from '@ekyc/contracts/stages';
import type { StatusDeps } from './deps.ts';
import { decodeUpload } from '../../documents/decode-upload.ts';
import { AppError } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { documentRequestsRepository as requests } from '../../records/document-requests.repository.ts';
import { documentRequestView } from './get-application-status.ts';

type Deps = Pick<StatusDeps, 'database' | 'records' | 'documents' | 'cipher'>;

export async function answerDocumentRequest(
  deps: Deps,
  applicantId: string,
  requestId: string,
  body: AnswerDocumentRequestBody,
): Promise<Outcome<AnswerDocumentRequestData | { screen: Screen }>> {
  const db = deps.database.db;
  const found = await requests.lockOf(db, applicantId, requestId);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.state !== 'requested') return fail('documentRequestClosed', { screen: ROUTE.status });
  const upload = await decodeUpload(deps.documents, 'document', body.document, 'requestedDocument');
  const file = await deps.records.saveFile(applicantId, {
    kind: `requested_${found.kind}`,
    contentType: upload.contentType,
    bytes: upload.bytes,
  });
  const answered = await db.transaction(async (tx) => {
    const request = await requests.lockOf(tx, applicantId, requestId);
    // cancelled or answered from another tab while the file was checked
    if (!request || request.state !== 'requested') return null;
    await requests.answer(tx, applicantId, requestId, file.$file);
    return { ...request, state: 'answered' as const, answeredAt: new Date() };
  });
  if (!answered) return fail('documentRequestClosed', { screen: ROUTE.status });
  await deps.records.notifyChanged(applicantId);
  return ok('documentRequestAnswered', { request: documentRequestView(deps, answered) });
}
