/**
 * DDPI later (SEBI/HO/MIRSD/DoP/P/CIR/2022/44): a client whose account opened without a DDPI
 * gives one from the client area. The request is the DDPI document itself, listing the purposes of
 * the rule set in force on the request's date, signed on its own with Aadhaar eSign
 * (sign-request.ts), reviewed four-eyed, and carried to the depository as a modification of the
 * client master (carry-out-request.ts); only then is the DDPI on record.
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { DDPI_SECTION } from '../../records/ddpi.ts';
import { requireClientCode } from './client-account.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'registrations' | 'now'>;

const UNDER_WAY = new Set(['signed', 'in_review', 'sent_to_registries']);

export async function requestDdpi(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<{ request: ServiceRequestView; purposes: string[] }>> {
  const db = deps.database.db;
  await requireClientCode(deps, applicantId);
  if (await deps.records.getSection(applicantId, DDPI_SECTION)) throw new AppError('CONFLICT', 'ddpiGivenAlready');
  const requests = await repo.listOf(db, applicantId);
  if (requests.some((r) => r.kind === 'ddpi' && UNDER_WAY.has(r.status)))
    throw new AppError('CONFLICT', 'ddpiRequestUnderWay');
  const draft = requests.find((r) => r.kind === 'ddpi' && r.status === 'draft');
  if (draft) {
    const asked = deps.cipher.decryptJson<RequestPayload>(draft.payloadEnc);
    const purposes = asked.kind === 'ddpi' ? asked.purposes : [];
    return ok('ddpiRequestSaved', { request: requestView(deps, draft, sessionId), purposes });
  }
  const rules = ruleSetOn(indianDay(new Date(deps.now())));
  const payload: RequestPayload = { kind: 'ddpi', purposes: [...rules.values.ddpiPurposes] };
  const row = await db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'ddpi',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet: rules.id,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      { request: created.id, kind: 'ddpi', purposes: payload.purposes },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('ddpiRequestSaved', { request: requestView(deps, row, sessionId), purposes: payload.purposes });
}
