/**
 * Re-KYC when the KRA asks for it. The client's KYC status is read from the KRA as the PAN step
 * reads it (providers/kra); a status of KRA_REKYC_STATUSES shows in the client area with what to
 * do. The request fetches fresh details from DigiLocker (the DigiLocker module's authorization,
 * PKCE and one-use state), the holder's name matched with the name on PAN; the draft is then
 * signed with Aadhaar eSign, four-eyed, and the KRA is sent a modification record with the fresh
 * address and in-person verification date (carry-out-request.ts).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import {
  type ClientKycData,
  KRA_REKYC_STATUSES,
  rekycDigilockerRequestSchema,
} from '@ekyc/contracts/calls/client-rekyc';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { KraRecord } from '../../providers/kra/port.ts';
import type { EAadhaar } from '../../providers/digilocker/port.ts';
import type { RekycDetails, RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo, type ServiceRequestRow } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'kra' | 'digilockerFetch' | 'now'>;

// a draft left unsigned (DigiLocker not finished) is started again, not shown as under way
const UNDER_WAY = ['signed', 'in_review', 'sent_to_registries'];

/** The KRA's record of the client today: undefined when the KRA could not be reached. */
async function kraRecordOf(deps: Deps, applicantId: string): Promise<KraRecord | null | undefined> {
  const pan = await deps.records.getSection(applicantId, 'pan_obj');
  try {
    return await deps.kra.find(String(pan?.pan_number ?? ''), String(pan?.dob ?? ''));
  } catch {
    return undefined;
  }
}

const needsRekyc = (kra: KraRecord | null | undefined) => Boolean(kra && KRA_REKYC_STATUSES[kra.statusCode]);

/** GET client/kyc: the KRA's status and what the client does about it. */
export async function getClientKyc(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<ClientKycData>> {
  const [kra, requests] = await Promise.all([
    kraRecordOf(deps, applicantId),
    repo.listOf(deps.database.db, applicantId),
  ]);
  const last = requests.find((r) => r.kind === 'rekyc' && r.status !== 'rejected' && r.status !== 'draft') ?? null;
  const action: ClientKycData['action'] =
    last && UNDER_WAY.includes(last.status)
      ? 'in_progress'
      : kra === undefined
        ? 'unknown'
        : !needsRekyc(kra)
          ? 'none'
          : last?.status === 'done'
            ? 'submitted'
            : 'rekyc';
  return ok('kycStatus', {
    kra_status_code: kra?.statusCode ?? null,
    kra_status: kra?.status ?? null,
    agency: kra?.agency ?? null,
    action,
    request: last ? requestView(deps, last, sessionId) : null,
  });
}

/** POST client/requests/rekyc: a draft, and DigiLocker's consent page to fetch the details from. */
export async function startRekyc(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<{ request: ServiceRequestView; url: string } | { reason: 'not_needed' }>> {
  const open = await repo.openOfKind(deps.database.db, applicantId, 'rekyc');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'rekycRequestUnderWay');
  const kra = await kraRecordOf(deps, applicantId);
  if (kra === undefined) throw new AppError('UNAVAILABLE', 'kraUnavailable');
  if (!kra || !needsRekyc(kra)) return fail('rekycNotNeeded', { reason: 'not_needed' as const });
  const url = await deps.digilockerFetch.authorizationUrl(applicantId);
  const payload: RequestPayload = {
    kind: 'rekyc',
    kra: { statusCode: kra.statusCode, status: kra.status, agency: kra.agency },
    details: null,
  };
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'rekyc',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet: ruleSetOn(indianDay(new Date(deps.now()))).id,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      { request: created.id, kind: 'rekyc', kra_status: kra.statusCode },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('rekycStarted', { request: requestView(deps, row, sessionId), url });
}

/** The e-Aadhaar's address as the registries carry it (the journey's reading, registration-subject.ts). */
function detailsOf(a: EAadhaar, at: Date): Omit<RekycDetails, 'eaadhaarXml'> {
  const joined = (...parts: string[]) => parts.filter(Boolean).join(', ');
  const aadhaar = {
    document_type: 'AADHAARCARD',
    name: a.name,
    gender: a.gender,
    dob: a.dob,
    care_of: a.careOf,
    house: a.house,
    street: a.street,
    locality: a.locality,
    landmark: a.landmark,
    address1: joined(a.house, a.street, a.landmark),
    address2: joined(a.locality, a.vtc !== a.district ? a.vtc : '', a.postOffice !== a.locality ? a.postOffice : ''),
    district_city: a.district,
    state: a.state,
    pincode: a.pincode,
    country: a.country,
    uid: a.uidLast4 ? `xxxxxxxx${a.uidLast4}` : '',
  };
  const parts = [a.house, a.street, a.locality, a.landmark].filter(Boolean);
  return {
    name: a.name,
    dob: a.dob,
    gender: a.gender,
    aadhaar,
    address: {
      line1: parts.slice(0, 2).join(', '),
      line2: parts.slice(2, 4).join(', '),
      line3: a.vtc !== a.district ? a.vtc : '',
      city: a.district,
      district: a.district,
      state: a.state,
      pincode: a.pincode,
      country: 'IN',
    },
    aadhaarLast4: a.uidLast4,
    fetchedAt: at.toISOString(),
  };
}

async function ownDraft(deps: Deps, applicantId: string, requestId: string): Promise<ServiceRequestRow> {
  const row = await repo.get(deps.database.db, requestId);
  if (!row || row.applicantId !== applicantId || row.kind !== 'rekyc') throw new AppError('NOT_FOUND', 'notFound');
  if (row.status !== 'draft') throw new AppError('CONFLICT', 'requestSignedAlready');
  return row;
}

/** POST client/requests/{id}/digilocker: DigiLocker's return; the fresh details join the draft. */
export async function receiveRekycDigilocker(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  requestId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | { reason: 'digilocker_failed' | 'name_mismatch' }>> {
  const parsed = rekycDigilockerRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const row = await ownDraft(deps, applicantId, requestId);
  const aadhaar = await deps.digilockerFetch.eAadhaar(applicantId, parsed.data);
  if (aadhaar === 'unavailable') return fail('digilockerProviderUnavailable', { reason: 'digilocker_failed' as const });
  if (aadhaar === 'failed') return fail('digilockerFailed', { reason: 'digilocker_failed' as const });
  const pan = await deps.records.getSection(applicantId, 'pan_obj');
  const match = matchHolderName(aadhaar.name, String(pan?.full_name ?? pan?.name_on_card ?? ''));
  if (!namePasses(match)) return fail('rekycNameMismatch', { reason: 'name_mismatch' as const });

  const at = new Date(deps.now());
  const evidence = aadhaar.signedXml
    ? await deps.records.saveFile(applicantId, {
        kind: 'eaadhaar_xml',
        contentType: 'application/xml',
        bytes: Buffer.from(aadhaar.signedXml, 'utf8'),
      })
    : null;
  const payload = deps.cipher.decryptJson<RequestPayload>(row.payloadEnc);
  if (payload.kind !== 'rekyc') throw new AppError('CONFLICT', 'notRekycRequest');
  const updated: RequestPayload = { ...payload, details: { ...detailsOf(aadhaar, at), eaadhaarXml: evidence } };
  await deps.database.db.transaction(async (tx) => {
    await repo.setPayload(tx, row.id, deps.cipher.encryptJson(updated));
    await repo.audit(
      tx,
      applicantId,
      'service_request.rekyc_details',
      { request: row.id, source: 'digilocker', name_match: match.result, aadhaar_last4: aadhaar.uidLast4 },
      { kind: 'applicant', id: applicantId },
    );
  });
  const fresh = (await repo.get(deps.database.db, row.id))!;
  return ok('rekycDetailsReceived', { request: requestView(deps, fresh, sessionId) });
}
