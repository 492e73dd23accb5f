/**
 * The back office's Requests queue, four-eyed: a reviewer (maker) accepts a signed request, a
 * different checker or administrator confirms it, which sends it to the registries
 * (carry-out-request.ts); either may reject it with a coded reason. Every decision is audited and
 * the client is told by SMS and e-mail in their language.
 */
import type { BackofficeServiceRequest } from '@ekyc/contracts/calls/client-area';
import type { ServiceRejectionReason, ServiceRequestStatus } from '@ekyc/contracts/service-requests';
import type { ServicingDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { plainOk, type Outcome } from '../../lib/outcome.ts';
import { carryOut } from './carry-out-request.ts';
import { notifyClient } from './notify-client.ts';
import type { RequestPayload } from './request-payload.ts';
import { backofficeView, requestNumber } from './request-view.ts';
import { servicingRepository as repo, type ServiceRequestRow } from './servicing.repository.ts';

type Deps = Pick<
  ServicingDeps,
  'config' | 'database' | 'cipher' | 'records' | 'messaging' | 'registrations' | 'sessions' | 'accountClosures' | 'now'
>;

type Staff = { id: string; role: string };

async function viewOf(deps: Deps, row: ServiceRequestRow): Promise<BackofficeServiceRequest> {
  const [summary, mods] = await Promise.all([
    deps.registrations.summary(row.applicantId),
    repo.modifications(deps.database.db, row.id),
  ]);
  return backofficeView(
    deps,
    row,
    deps.cipher.decryptJson<RequestPayload>(row.payloadEnc),
    summary?.clientCode ?? null,
    mods,
  );
}

/** The segments held at approval that a segment request releases: named in the maker's and the checker's audit. */
function releasesOf(deps: Deps, row: ServiceRequestRow): { releases?: string[] } {
  const payload = deps.cipher.decryptJson<RequestPayload>(row.payloadEnc);
  return payload.kind === 'segments' && payload.releases?.length ? { releases: payload.releases } : {};
}

async function requestOrNotFound(deps: Deps, id: string): Promise<ServiceRequestRow> {
  const row = await repo.get(deps.database.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'requestNotFound');
  return row;
}

const QUEUE_STATUSES: Record<'open' | 'closed', readonly ServiceRequestStatus[]> = {
  open: ['in_review', 'sent_to_registries'],
  closed: ['done', 'rejected'],
};

export async function listServiceRequests(
  deps: Deps,
  which: 'open' | 'closed',
): Promise<Outcome<{ requests: BackofficeServiceRequest[] }>> {
  const rows = await repo.listByStatus(deps.database.db, QUEUE_STATUSES[which]);
  return plainOk('Requests', { requests: await Promise.all(rows.map((r) => viewOf(deps, r))) });
}

export async function getServiceRequest(
  deps: Deps,
  id: string,
): Promise<Outcome<{ request: BackofficeServiceRequest }>> {
  return plainOk('Request', { request: await viewOf(deps, await requestOrNotFound(deps, id)) });
}

/** The maker's step: the request stays in review, accepted, until a second person confirms it. */
export async function acceptServiceRequest(
  deps: Deps,
  id: string,
  staff: Staff,
): Promise<Outcome<{ request: BackofficeServiceRequest }>> {
  const row = await requestOrNotFound(deps, id);
  if (row.acceptedBy) throw new AppError('CONFLICT', 'This request is accepted already: a checker confirms it.');
  const moved = await deps.database.db.transaction(async (tx) => {
    const next = await repo.move(tx, row, 'maker_accepts', { acceptedBy: staff.id });
    await repo.audit(
      tx,
      row.applicantId,
      'service_request.accepted',
      { request: requestNumber(row), ...releasesOf(deps, row) },
      {
        kind: 'staff',
        id: staff.id,
      },
    );
    return next;
  });
  return plainOk('Request accepted: a checker confirms it', { request: await viewOf(deps, moved) });
}

/** The checker's step (four eyes: never the maker, never a reviewer): the request goes to the registries. */
export async function confirmServiceRequest(
  deps: Deps,
  id: string,
  staff: Staff,
): Promise<Outcome<{ request: BackofficeServiceRequest }>> {
  const row = await requestOrNotFound(deps, id);
  if (!row.acceptedBy) throw new AppError('CONFLICT', 'A reviewer accepts the request before it is confirmed.');
  if (row.acceptedBy === staff.id || staff.role === 'reviewer')
    throw new AppError('FORBIDDEN', 'A checker other than the reviewer who accepted the request confirms it.');
  const moved = await deps.database.db.transaction(async (tx) => {
    const next = await repo.move(tx, row, 'checker_confirms', { confirmedBy: staff.id });
    await repo.audit(
      tx,
      row.applicantId,
      'service_request.confirmed',
      {
        request: requestNumber(row),
        maker: row.acceptedBy,
        ...releasesOf(deps, row),
      },
      { kind: 'staff', id: staff.id },
    );
    return next;
  });
  await notifyClient(deps, row.applicantId, {
    number: requestNumber(moved),
    kind: moved.kind,
    status: moved.status,
    reason: null,
  });
  const carried = (await carryOut(deps, moved.id)) ?? moved;
  return plainOk('Request confirmed and sent to the registries', { request: await viewOf(deps, carried) });
}

export async function rejectServiceRequest(
  deps: Deps,
  id: string,
  staff: Staff,
  reason: { reason_code: ServiceRejectionReason; note: string },
): Promise<Outcome<{ request: BackofficeServiceRequest }>> {
  const row = await requestOrNotFound(deps, id);
  const moved = await deps.database.db.transaction(async (tx) => {
    const next = await repo.move(tx, row, 'reviewer_rejects', {
      reasonCode: reason.reason_code,
      reasonNote: reason.note,
    });
    await repo.audit(
      tx,
      row.applicantId,
      'service_request.rejected',
      {
        request: requestNumber(row),
        reason_code: reason.reason_code,
      },
      { kind: 'staff', id: staff.id },
    );
    return next;
  });
  await notifyClient(deps, row.applicantId, {
    number: requestNumber(moved),
    kind: moved.kind,
    status: moved.status,
    reason: reason.reason_code,
  });
  return plainOk('Request rejected', { request: await viewOf(deps, moved) });
}
