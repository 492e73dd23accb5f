/** A request as the client and the back office read it. */
import type { BackofficeServiceRequest, ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { serviceRequestNumber } from '@ekyc/contracts/service-requests';
import type { ServicingDeps } from './deps.ts';
import type { ModificationRow, ServiceRequestRow } from './servicing.repository.ts';
import type { RequestPayload } from './request-payload.ts';
import { summaryOfSegmentsOrRekyc } from './segment-rekyc-kinds.ts';

export const requestNumber = (row: Pick<ServiceRequestRow, 'number'>) => serviceRequestNumber(row.number);

export function requestView(
  deps: Pick<ServicingDeps, 'records'>,
  row: ServiceRequestRow,
  sessionId: string | null,
): ServiceRequestView {
  return {
    id: row.id,
    number: requestNumber(row),
    kind: row.kind,
    status: row.status,
    reason_code: row.reasonCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    signed_document:
      row.signedFileId && sessionId ? deps.records.fileUrl({ $file: row.signedFileId }, sessionId) : null,
  };
}

/** The lines a reviewer reads: what the request asks, without any identity number. */
export function summaryOf(payload: RequestPayload): string[] {
  if (payload.kind === 'nomination') {
    if (payload.opt_out) return ['Opts out of nomination (declaration signed with Aadhaar eSign)'];
    return payload.nominees.map(
      (n, i) =>
        `Nominee ${i + 1}: ${n.name}, ${NOMINEE_RELATIONS.includes(n.relation as never) ? n.relation : 'relation given'}, ${n.share}%${n.minor ? ' (minor)' : ''}`,
    );
  }
  if (payload.kind === 'bank')
    return payload.accounts.map(
      (a) =>
        `${a.primary ? 'Primary' : 'Additional'} account: ${a.bankName}, ${a.ifsc}, ending ${a.accountNumber.slice(-4)} (${a.accountType}), ${a.verification.method === 'upi_rpd' ? 'UPI reverse penny drop' : 'penny drop'} ${a.verification.nameMatch} name match`,
    );
  if (payload.kind === 'closure')
    return [
      `Closure of the trading and demat accounts (reason: ${payload.reason.replaceAll('_', ' ')})`,
      payload.target
        ? `Holdings (${payload.preCheck.holdings.length} securities) transferred to ${payload.target.depository} demat account ending ${payload.target.boId.slice(-4)}`
        : 'Nothing held in the demat account: no transfer',
      `Back office pre-check: ledger balance Rs ${payload.preCheck.ledger_balance}, no open position, pledge or pending request`,
    ];
  if (payload.kind === 'ddpi')
    return [
      'DDPI given after opening, signed on its own document with Aadhaar eSign, for these purposes only:',
      ...payload.purposes.map((p, i) => `${i + 1}. ${p}`),
    ];
  if (payload.kind === 'segments' || payload.kind === 'rekyc') return summaryOfSegmentsOrRekyc(payload);
  if (payload.kind === 'address') {
    const a = payload.address;
    return [
      `New address: ${[a.line1, a.line2, a.line3, a.city, a.state, a.pincode].filter(Boolean).join(', ')}`,
      payload.source === 'digilocker'
        ? `From DigiLocker: e-Aadhaar ending ${payload.proof.reference}`
        : `Typed, proved by the uploaded ${payload.proof.kind.replaceAll('_', ' ')} (number ending ${payload.proof.reference.slice(-4)})`,
    ];
  }
  if (payload.kind === 'contact')
    return [
      `New ${payload.field === 'mobile' ? 'mobile number' : 'e-mail'}: ${payload.value} (OTP to the old and the new confirmed)`,
      payload.family
        ? `Family declaration: also the e-mail of the client's ${payload.family.relation.replaceAll('_', ' ')}, ${payload.family.holderName}`
        : 'Used by no other client',
    ];
  if (payload.kind === 'freeze') return [`Freeze of online access${payload.reason ? `: ${payload.reason}` : ''}`];
  return ['Unfreeze of online access, identity verified again by OTP'];
}

export function backofficeView(
  deps: Pick<ServicingDeps, 'records'>,
  row: ServiceRequestRow,
  payload: RequestPayload,
  clientCode: string | null,
  modifications: ModificationRow[],
): BackofficeServiceRequest {
  return {
    ...requestView(deps, row, null),
    applicant_id: row.applicantId,
    client_code: clientCode,
    accepted_by: row.acceptedBy,
    confirmed_by: row.confirmedBy,
    summary: summaryOf(payload),
    modifications: modifications.map((m) => ({
      registry: m.registry,
      status: m.status,
      reference: m.reference,
      reason: m.reason,
    })),
  };
}
