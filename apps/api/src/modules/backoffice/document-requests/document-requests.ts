/**
 * Document requests: a reviewer (a maker, a checker or a supervisor) asks the applicant of an
 * application under review for one more document, with a note the applicant reads; the applicant
 * is told by SMS and email and answers on the status page; the reviewer accepts or declines the
 * file, or cancels a request not yet decided. No stage is sent back: the stages keep their
 * decisions. Each move is audited (the kind and the state, never the note); the approval waits
 * while a request is requested or answered (confirm-approval.ts).
 */
import type {
  AskDocumentBody,
  DecideDocumentBody,
  DocumentRequestsData,
  StaffDocumentRequest,
} from '@ekyc/contracts/calls/backoffice-document-requests';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  type DocumentRequestRow,
  documentRequestsRepository as requests,
} from '../../../records/document-requests.repository.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as audit } from '../audit.repository.ts';
import { standingRepository } from '../standing.repository.ts';
import type { StaffRow } from '../staff.repository.ts';
import { notifyDocumentRequest } from './notify-document-request.ts';

type ReadDeps = Pick<BackofficeDeps, 'database' | 'cipher' | 'records'>;
type Deps = ReadDeps & Pick<BackofficeDeps, 'messaging'>;

function view(
  deps: ReadDeps,
  r: DocumentRequestRow,
  sessionId: string,
  types: Map<string, string>,
): StaffDocumentRequest {
  return {
    id: r.id,
    kind: r.kind,
    note: deps.cipher.decrypt(r.noteEnc),
    state: r.state,
    requested_by: { staff_id: r.requestedBy, name: r.requestedByName },
    requested_at: r.requestedAt.toISOString(),
    answered_at: r.answeredAt?.toISOString() ?? null,
    file: r.fileId
      ? {
          url: deps.records.fileUrl({ $file: r.fileId }, sessionId),
          content_type: types.get(r.fileId) ?? 'application/octet-stream',
        }
      : null,
    decided_by: r.decidedBy ? { staff_id: r.decidedBy, name: r.decidedByName ?? '' } : null,
    decided_at: r.decidedAt?.toISOString() ?? null,
    decision_note: r.decisionNoteEnc === null ? null : deps.cipher.decrypt(r.decisionNoteEnc),
  };
}

export async function listDocumentRequests(
  deps: ReadDeps,
  applicantId: string,
  sessionId: string,
): Promise<DocumentRequestsData> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const rows = await requests.list(db, applicantId);
  const types = await standingRepository.fileTypes(
    db,
    rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
  );
  const list = rows.map((r) => view(deps, r, sessionId, types));
  return { open: list.filter((r) => r.state === 'requested' || r.state === 'answered').length, requests: list };
}

export async function askForDocument(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  body: AskDocumentBody,
  sessionId: string,
): Promise<DocumentRequestsData> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction(async (tx) => {
    await deps.records.lock(applicantId, tx);
    const standing = await standingOrNotFound(tx, applicantId);
    if (standing.status !== 'Pending')
      throw new AppError('CONFLICT', 'A document is asked for only while the application is under review.', {
        status: standing.status,
      });
    const id = await requests.add(tx, {
      applicantId,
      kind: body.kind,
      noteEnc: deps.cipher.encrypt(body.note),
      staffId: staff.id,
    });
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'document_request.asked',
      after: { request_id: id, kind: body.kind },
    });
  });
  await deps.records.notifyChanged(applicantId);
  await notifyDocumentRequest(deps, applicantId);
  return listDocumentRequests(deps, applicantId, sessionId);
}

/** Accepts or declines an answered request, or (decision null) cancels one not yet decided. */
export async function closeDocumentRequest(
  deps: ReadDeps,
  staff: StaffRow,
  applicantId: string,
  requestId: string,
  decision: DecideDocumentBody | null,
  sessionId: string,
): Promise<DocumentRequestsData> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction(async (tx) => {
    const request = await requests.lockOf(tx, applicantId, requestId);
    if (!request) throw new AppError('NOT_FOUND', 'Document request not found');
    if (decision && request.state !== 'answered')
      throw new AppError(
        'CONFLICT',
        request.state === 'requested'
          ? 'The applicant has not sent the document yet.'
          : `This request is ${request.state} already.`,
      );
    if (!decision && request.state !== 'requested' && request.state !== 'answered')
      throw new AppError('CONFLICT', `This request is ${request.state} already.`);
    const state = decision ? (decision.decision === 'accept' ? 'accepted' : 'declined') : 'cancelled';
    const note = decision?.note?.trim();
    await requests.close(tx, requestId, {
      state,
      staffId: staff.id,
      noteEnc: note ? deps.cipher.encrypt(note) : null,
    });
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: `document_request.${state}`,
      before: { request_id: requestId, kind: request.kind, state: request.state },
    });
  });
  await deps.records.notifyChanged(applicantId);
  return listDocumentRequests(deps, applicantId, sessionId);
}
