/**
 * Modification records of a client's request after the account is open (the client area, issue
 * 51): the same adapters and formats as the registrations, with the request's change applied to the
 * subject: the depository's file as a modification (CDSL BOMOD; NSDL's account API with the new
 * values), the exchanges' UCC record sent again with the new values under a new request id (NSE's
 * and BSE's UCC APIs take the client code's record as a whole), the KRA's record as a modification
 * (APP_UPDTFLG 02) where the change is one a KRA holds.
 */
import type { RegistrationsDeps } from './deps.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type Exchange,
  KIND_OF_DEPOSITORY,
  KIND_OF_EXCHANGE,
  type RegistrationAnswer,
  type RegistrationKind,
} from '../../providers/registrations/port.ts';
import type { ModificationRequest, RegistryChange } from '../../records/registrations.ts';
import { buildSubject, exchangesOf } from './registration-subject.ts';
import { registrationsRepository as repo } from './registrations.repository.ts';

/**
 * The registries a request changes: a re-KYC the KRA alone; a segment request the exchanges of the
 * segments before and after it (a segment newly at MCX registers the client code there); any other
 * the depository's client master and each exchange's UCC, and the KRA for what a KRA holds
 * (address, mobile, e-mail; CKYC follows through the KRA).
 */
export async function modificationTargets(
  deps: Pick<RegistrationsDeps, 'database'>,
  applicantId: string,
  change?: RegistryChange,
  options: { kra?: boolean } = {},
): Promise<RegistrationKind[]> {
  const c = await repo.getCase(deps.database.db, applicantId);
  if (!c?.completedAt) throw new AppError('CONFLICT', 'accountNotOpen');
  if (change?.rekyc) return ['kra'];
  if (change?.segments)
    return exchangesOf([...c.segments, ...change.segments.active, ...change.segments.deactivated]).map(
      (e) => KIND_OF_EXCHANGE[e],
    );
  // the exchanges of the segments active now (a code left inactive by a segment request has nothing to carry)
  return [
    KIND_OF_DEPOSITORY[c.depository],
    ...exchangesOf(c.segments).map((e) => KIND_OF_EXCHANGE[e]),
    ...(options.kra ? (['kra'] as const) : []),
  ];
}

/**
 * Sends one registry's modification record (`reference` null) or asks for its outcome. The request
 * id is the request's number and the registry: a repeat after a crash is answered without a second
 * modification (the registries keep the ids they saw).
 */
export async function sendModification(
  deps: Pick<RegistrationsDeps, 'database' | 'records' | 'registrars'>,
  applicantId: string,
  input: ModificationRequest,
): Promise<RegistrationAnswer> {
  const c = await repo.getCase(deps.database.db, applicantId);
  if (!c?.completedAt) throw new AppError('CONFLICT', 'accountNotOpen');
  const base = await buildSubject(deps, c, true);
  const subject = {
    ...base,
    modification: true,
    ...(input.change.ddpi && { bo: { ...base.bo, ddpiSince: input.change.ddpi.since } }),
    ...(input.change.nominees && { nominees: input.change.nominees }),
    ...(input.change.bank && { bank: input.change.bank }),
    ...(input.change.closure && { closure: input.change.closure }),
    ...(input.change.segments && {
      segments: input.change.segments.active,
      deactivatedSegments: input.change.segments.deactivated,
    }),
    ...(input.change.rekyc && {
      address: input.change.rekyc.address,
      aadhaarLast4: input.change.rekyc.aadhaarLast4,
      kycMode: 'digilocker' as const,
      ipvDate: input.change.rekyc.verifiedOn,
    }),
    ...(input.change.address && {
      address: input.change.address.address,
      addressProof: input.change.address.proof,
      aadhaarLast4: input.change.address.aadhaarLast4,
    }),
  };
  const contact = input.change.contact;
  if (contact?.mobile) subject.mobile = contact.mobile;
  if (contact?.email) {
    subject.email = contact.email;
    subject.bo = { ...subject.bo, emailOfFamily: contact.emailOfFamily ?? null };
  }
  const r = deps.registrars;
  const registrar = input.registry.startsWith('ucc_')
    ? r.ucc[input.registry.slice(4).toUpperCase() as Exchange]
    : input.registry.startsWith('bo_')
      ? r.depository
      : r.kra;
  const requestId = `${c.clientCode}-${input.requestNo}-${input.registry.toUpperCase()}`;
  return input.reference === null
    ? registrar.submit(subject, requestId)
    : registrar.check(subject, requestId, input.reference);
}

/**
 * A segment request carried out: the case holds the segments active from now on, and keeps every
 * exchange the client has a code at (a segment stopped leaves its client code there, inactive).
 */
export async function changeSegments(tx: Tx, applicantId: string, segments: string[]): Promise<void> {
  const c = await repo.getCase(tx, applicantId);
  if (!c) throw new AppError('CONFLICT', 'accountNotOpen');
  const held = new Set<string>([...c.exchanges, ...exchangesOf(segments)]);
  const exchanges = (['NSE', 'BSE', 'MCX'] as const).filter((e) => held.has(e));
  await repo.setSegments(tx, applicantId, segments, exchanges);
}
