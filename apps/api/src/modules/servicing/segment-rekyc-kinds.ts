/**
 * What the segment and re-KYC requests are to the steps every request goes through: the lines a
 * reviewer reads, the signed form's text, whether a draft is complete enough to sign, what the
 * registries are sent, and what is written to the client's record once every registry accepted.
 */
import { RBI_CURRENCY_DECLARATION } from '@ekyc/contracts/calls/client-segments';
import { SEGMENTS } from '@ekyc/contracts/enums';
import { FINANCIAL_PROOFS } from '@ekyc/contracts/enums';
import type { ServicingDeps } from './deps.ts';
import type { Tx } from '../../db/client.ts';
import type { RegistryChange } from '../../records/registrations.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import type { RequestRekyc, RequestSegments } from './request-payload.ts';

const segmentName = (code: string) => SEGMENTS.find((s) => s.code === code)?.name ?? code;
const proofName = (code: string) => FINANCIAL_PROOFS.find((p) => p.code === code)?.label ?? code;
const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export const SEGMENTS_SUBTITLE = 'Segments of the trading account';
export const REKYC_SUBTITLE = 'KYC details updated (re-KYC)';

/** The lines a reviewer reads: what is asked, without any identity number. */
export function summaryOfSegmentsOrRekyc(payload: RequestSegments | RequestRekyc): string[] {
  if (payload.kind === 'rekyc') {
    const d = payload.details;
    return [
      `Re-KYC asked by the KRA: ${payload.kra.status} (${payload.kra.statusCode}, ${payload.kra.agency || 'KRA'})`,
      d
        ? `Details fetched from DigiLocker on ${ddmmyyyy(d.fetchedAt)}: address in ${d.address.city}, ${d.address.state} ${d.address.pincode}; Aadhaar ending ${d.aadhaarLast4}`
        : 'DigiLocker details not fetched yet',
    ];
  }
  const proof = payload.incomeProof;
  return [
    ...payload.activate.map((c) =>
      payload.releases?.includes(c)
        ? `Activate ${segmentName(c)}: held at approval pending the income proof, released when carried out`
        : `Activate ${segmentName(c)}`,
    ),
    ...payload.deactivate.map((c) => `Deactivate ${segmentName(c)}`),
    ...(payload.riskDisclosure
      ? [
          `Derivatives risk disclosure ${payload.riskDisclosure.version} acknowledged (${payload.riskDisclosure.language})`,
        ]
      : []),
    ...(payload.rbiDeclaration ? [`RBI declaration for currency derivatives ${payload.rbiDeclaration.version}`] : []),
    ...(proof?.method === 'upload'
      ? [`Income proof uploaded: ${proofName(proof.option)} (PDF, ${proof.pages ?? '?'} pages)`]
      : proof
        ? [`Income proof by account aggregator: consent ${proof.consent?.status === 'active' ? 'active' : 'pending'}`]
        : []),
    `Segments after the request: ${payload.after.map(segmentName).join(', ')}`,
  ];
}

/** The signed form's declaration. */
export function formTextOf(payload: RequestSegments | RequestRekyc): string[] {
  if (payload.kind === 'rekyc')
    return [
      'I/We request that my/our KYC record at the KYC registration agency be updated with the details below, fetched from DigiLocker with my/our consent, and declare them true.',
    ];
  return [
    'I/We request that the segments of my/our trading account be changed as below.',
    ...(payload.riskDisclosure
      ? ['I/We have read and understood the risk disclosure on derivatives prescribed by SEBI.']
      : []),
    ...(payload.rbiDeclaration ? [RBI_CURRENCY_DECLARATION.text] : []),
  ];
}

/** A draft is signed once what it waits for arrived: the AA's consent, DigiLocker's details. */
export function readyToSign(payload: RequestSegments | RequestRekyc): boolean {
  if (payload.kind === 'rekyc') return payload.details !== null;
  return payload.incomeProof?.consent ? payload.incomeProof.consent.status === 'active' : true;
}

/** What the registries are sent. */
export function registryChangeOfSegmentsOrRekyc(payload: RequestSegments | RequestRekyc): RegistryChange {
  if (payload.kind === 'segments') return { segments: { active: payload.after, deactivated: payload.deactivate } };
  const d = payload.details!;
  return { rekyc: { address: d.address, aadhaarLast4: d.aadhaarLast4, verifiedOn: ddmmyyyy(d.fetchedAt) } };
}

/**
 * A done request written down: the case's segments (the next registrations carry them), the
 * record's segment section and the holds it releases (the proof arrived, the exchanges carry the
 * segment now); a re-KYC's Aadhaar address as the record's DigiLocker document.
 */
export async function applySegmentsOrRekyc(
  deps: Pick<ServicingDeps, 'records' | 'registrations'>,
  tx: Tx,
  applicantId: string,
  payload: RequestSegments | RequestRekyc,
): Promise<void> {
  if (payload.kind === 'segments') {
    await deps.registrations.changeSegments(applicantId, payload.after, tx);
    const stored = await deps.records.getSection(applicantId, 'segment_obj', tx);
    await deps.records.saveIn(tx, applicantId, {
      segment_obj: {
        upload_prccess_by: null,
        financial_proof_option: null,
        document_type: null,
        ...stored,
        segment_list: payload.after.map((code) => ({ code, name: segmentName(code) })),
      },
    });
    if (payload.releases?.length) await segmentHoldsRepository.release(tx, applicantId, payload.releases);
    return;
  }
  const d = payload.details!;
  const locker = await deps.records.getSection(applicantId, 'digilocker_obj', tx);
  const others = (Array.isArray(locker?.cdl_documents) ? locker.cdl_documents : []).filter(
    (doc: { document_type?: string }) => doc?.document_type !== 'AADHAARCARD',
  );
  await deps.records.saveIn(tx, applicantId, {
    digilocker_obj: {
      ...locker,
      cdl_documents: [d.aadhaar, ...others],
      ...(d.eaadhaarXml && { eaadhaar_xml: d.eaadhaarXml }),
      rekyc_at: d.fetchedAt,
    },
  });
}
