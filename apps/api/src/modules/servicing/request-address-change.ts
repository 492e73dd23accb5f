/**
 * A change of address: fetched from DigiLocker (the journey's port: the e-Aadhaar's address, its
 * last four digits the proof) or typed with an uploaded officially valid document. The draft is
 * signed with Aadhaar eSign (sign-request.ts), reviewed four-eyed and sent to the KRA, the
 * depository and each exchange's UCC (carry-out-request.ts).
 */
import { addressChangeRequestSchema } from '@ekyc/contracts/calls/client-contact';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { decodeUpload } from '../../documents/decode-upload.ts';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { EAadhaar } from '../../providers/digilocker/port.ts';
import { isProviderOutage } from '../../providers/http.ts';
import { claimAuthorization, newAuthorizationUrl } from '../../records/digilocker-authorizations.ts';
import type { RequestAddress, RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'hasher' | 'records' | 'digilocker' | 'documents' | 'now'>;

const joined = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

/** The e-Aadhaar's address in the registries' three lines (as the journey's DigiLocker step reads it). */
export function aadhaarAddress(a: EAadhaar): RequestAddress {
  return {
    line1: joined(a.house, a.street),
    line2: joined(a.landmark, a.locality),
    line3: joined(a.vtc !== a.district ? a.vtc : '', a.postOffice !== a.locality ? a.postOffice : ''),
    city: a.district || a.vtc,
    district: a.district,
    state: a.state,
    pincode: a.pincode,
  };
}

async function requireNoOpen(deps: Deps, applicantId: string): Promise<void> {
  const open = await repo.openOfKind(deps.database.db, applicantId, 'address');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'addressRequestUnderWay');
}

/** POST client/requests/address/digilocker: the DigiLocker consent page; it returns to the client area. */
export async function startAddressDigilocker(deps: Deps, applicantId: string): Promise<Outcome<{ url: string }>> {
  await requireNoOpen(deps, applicantId);
  return ok('digilocker', { url: await newAuthorizationUrl(deps, applicantId) });
}

async function fromDigilocker(
  deps: Deps,
  applicantId: string,
  code: string,
  state: string,
): Promise<Pick<Extract<RequestPayload, { kind: 'address' }>, 'address' | 'proof' | 'aadhaarLast4'> | null> {
  const verifier = await claimAuthorization(deps, state, applicantId);
  if (!verifier) return null;
  try {
    const profile = await deps.digilocker.exchangeCode({ code, codeVerifier: verifier });
    const aadhaar = await deps.digilocker.eAadhaar(profile.accessToken);
    if (!aadhaar.pincode || !joined(aadhaar.house, aadhaar.street, aadhaar.locality)) return null;
    return {
      address: aadhaarAddress(aadhaar),
      proof: { kind: 'aadhaar', reference: aadhaar.uidLast4, file: null },
      aadhaarLast4: aadhaar.uidLast4 || null,
    };
  } catch (err) {
    // an outage is the error handler's 503; anything else is a failed fetch the client may retry
    if (isProviderOutage(err)) throw err;
    return null;
  }
}

export async function requestAddressChange(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | { reason: 'digilocker' }>> {
  const parsed = addressChangeRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  await requireNoOpen(deps, applicantId);
  const input = parsed.data;
  let asked: Pick<Extract<RequestPayload, { kind: 'address' }>, 'address' | 'proof' | 'aadhaarLast4'>;
  if (input.source === 'digilocker') {
    const fetched = await fromDigilocker(deps, applicantId, input.code, input.state);
    if (!fetched) return fail('digilockerFailed', { reason: 'digilocker' as const });
    asked = fetched;
  } else {
    const upload = await decodeUpload(deps.documents, 'proof', input.proof, 'identityDocument');
    const file = await deps.records.saveFile(applicantId, { kind: 'address-proof', ...upload });
    const a = input.address;
    asked = {
      address: { ...a, district: a.city },
      proof: { kind: input.proof_kind, reference: input.proof_number.toUpperCase(), file: file.$file },
      aadhaarLast4: input.proof_kind === 'aadhaar' ? input.proof_number : null,
    };
  }
  const payload: RequestPayload = {
    kind: 'address',
    source: input.source,
    ...asked,
    at: new Date(deps.now()).toISOString(),
  };
  const ruleSet = ruleSetOn(indianDay(new Date(deps.now()))).id;
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'address',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      {
        request: created.id,
        kind: 'address',
        source: input.source,
        proof: payload.proof.kind,
        pincode: payload.address.pincode,
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('addressRequestSaved', { request: requestView(deps, row, sessionId) });
}
