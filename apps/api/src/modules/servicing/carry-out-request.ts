/**
 * A confirmed request is carried out through the registrations' adapters as modification records
 * (modules/registrations/modify-registrations.ts, reached through deps.registrations): one per
 * registry, its request and answer kept encrypted. When every registry accepted, the change is
 * written to the client's record and the request is done; a refusal rejects it with
 * REGISTRY_REFUSED. A request sent out survives a restart: start-up carries on every request still
 * with the registries (`resumeRequests`), and the registries answer a repeated request id as before.
 */
import { indianDay } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import type { Tx } from '../../db/client.ts';
import type { RegistrationAnswer, RegistrationKind } from '../../providers/registrations/port.ts';
import { DDPI_SECTION, type DdpiRecord } from '../../records/ddpi.ts';
import type { RegistryChange } from '../../records/registrations.ts';
import { notifyClient } from './notify-client.ts';
import { registryBank, registryNominees, type RequestPayload } from './request-payload.ts';
import { requestNumber } from './request-view.ts';
import { applySegmentsOrRekyc, registryChangeOfSegmentsOrRekyc } from './segment-rekyc-kinds.ts';
import { servicingRepository as repo, type ServiceRequestRow } from './servicing.repository.ts';

type Deps = Pick<
  ServicingDeps,
  'config' | 'database' | 'cipher' | 'records' | 'messaging' | 'registrations' | 'sessions' | 'accountClosures' | 'now'
>;

const timers = new Set<NodeJS.Timeout>();

/** Stops the checks waiting for a registry's answer (the app is closing). */
export function stopCarryingOut(): void {
  for (const t of timers) clearTimeout(t);
  timers.clear();
}

/** The record's nominee section as the journey writes it (update-nominee.ts), from a done request. */
function nomineeSection(payload: Extract<RequestPayload, { kind: 'nomination' }>) {
  return {
    skip_nominee: payload.opt_out,
    nominee_soa: 'nomination' as const,
    nominee_soa_name: '',
    nominee_list: payload.nominees.map((n) => ({
      first_name: n.name,
      last_name: '',
      nominee_relation: n.relation,
      percentage_share: n.share,
      dob: n.dob,
      is_minor: n.minor,
      gaurdian_name: n.guardianName,
      address: n.address?.line1 ?? '',
      address2: n.address?.line2 ?? '',
      city: n.address?.city ?? '',
      state: n.address?.state ?? '',
      pincode: n.address?.pincode ?? '',
    })),
  };
}

const ddmmyyyy = (iso: string) => indianDay(new Date(iso)).split('-').reverse().join('/');

/** The kinds a KRA holds too (its record carries the address, the mobile and the e-mail). */
const KRA_KINDS: readonly RequestPayload['kind'][] = ['address', 'contact'];

/** What a request changes at the registries, or null for a kind carried out without them. */
function registryChangeOf(payload: RequestPayload, today: string): RegistryChange | null {
  if (payload.kind === 'nomination') return { nominees: registryNominees(payload.nominees) };
  if (payload.kind === 'bank') return { bank: registryBank(payload.accounts) };
  if (payload.kind === 'closure')
    return { closure: { closedOn: today, reason: payload.reason, transferTo: payload.target } };
  if (payload.kind === 'ddpi') return { ddpi: { since: today.split('-').reverse().join('/') } };
  if (payload.kind === 'segments' || payload.kind === 'rekyc') return registryChangeOfSegmentsOrRekyc(payload);
  if (payload.kind === 'address')
    return {
      address: {
        address: { ...payload.address, country: 'IN' },
        proof: { kind: payload.proof.kind, reference: payload.proof.reference, date: ddmmyyyy(payload.at) },
        aadhaarLast4: payload.aadhaarLast4,
      },
    };
  if (payload.kind === 'contact')
    return {
      contact:
        payload.field === 'mobile'
          ? { mobile: payload.value }
          : { email: payload.value, emailOfFamily: payload.family?.relation ?? null },
    };
  return null;
}

/** A DDPI is the depository's alone: the exchanges' UCC records do not carry it. */
const registriesOf = (payload: RequestPayload, targets: RegistrationKind[]) =>
  payload.kind === 'ddpi' ? targets.filter((t) => t.startsWith('bo_')) : targets;

/**
 * A done request written to the client's record: the nominee section, the primary bank account, the
 * DDPI, the segments, the re-KYC's address, the address (the next registrations carry it), or the
 * mobile (the client area's sign-in from then on) or the e-mail with its family declaration.
 */
async function applyToRecord(deps: Deps, tx: Tx, row: ServiceRequestRow, payload: RequestPayload): Promise<void> {
  const applicantId = row.applicantId;
  if (payload.kind === 'ddpi' && row.signedFileId && row.preparedFileId) {
    const txn = row.esignTxn ? await repo.esignTxn(tx, row.esignTxn) : null;
    const ddpi: DdpiRecord = {
      reference: requestNumber(row),
      purposes: payload.purposes,
      rule_set: row.ruleSet,
      generated_doc: { $file: row.preparedFileId },
      signed_document: { $file: row.signedFileId },
      signed_at: (txn?.completedAt ?? row.updatedAt).toISOString(),
      source: 'service_request',
    };
    await deps.records.saveIn(tx, applicantId, { [DDPI_SECTION]: ddpi });
  }
  if (payload.kind === 'address')
    await deps.records.saveIn(tx, applicantId, {
      _address: {
        ...payload.address,
        source: payload.source,
        proof_kind: payload.proof.kind,
        ...(payload.proof.file && { proof_file: payload.proof.file }),
        aadhaar_last4: payload.aadhaarLast4 ?? '',
        changed_at: payload.at,
      },
    });
  if (payload.kind === 'contact') {
    await deps.records.updateContactIn(tx, applicantId, { [payload.field]: payload.value });
    if (payload.field === 'email') {
      const personal = await deps.records.getSection(applicantId, 'personal_obj', tx);
      if (personal)
        await deps.records.saveIn(tx, applicantId, {
          personal_obj: {
            ...personal,
            family_declaration: payload.family !== null,
            family_relation: payload.family?.relation ?? '',
            family_holder_name: payload.family?.holderName ?? '',
          },
        });
    }
  }
  if (payload.kind === 'nomination')
    await deps.records.saveIn(tx, applicantId, { nominee_obj: nomineeSection(payload) });
  if (payload.kind === 'bank') {
    const primary = payload.accounts[0]!;
    const stored = await deps.records.getSection(applicantId, 'bank_obj', tx);
    await deps.records.saveIn(tx, applicantId, {
      bank_obj: {
        ...stored,
        ifsc: primary.ifsc,
        micr: primary.micr,
        bank_name: primary.bankName,
        branch: primary.branch,
        account_number: primary.accountNumber,
        account_type: primary.accountType,
        bank_verify_edit: false,
        verification: {
          method: primary.verification.method === 'upi_rpd' ? 'upi' : 'penny_drop',
          status: 'verified',
          at: primary.verification.at,
        },
      },
    });
  }
  if (payload.kind === 'segments' || payload.kind === 'rekyc')
    await applySegmentsOrRekyc(deps, tx, applicantId, payload);
}

/** One pass over the request's registries: sends what is not sent, asks for what is under process. */
export async function carryOut(deps: Deps, requestId: string): Promise<ServiceRequestRow | null> {
  const db = deps.database.db;
  const row = await repo.get(db, requestId);
  if (!row || row.status !== 'sent_to_registries') return row;
  const payload = deps.cipher.decryptJson<RequestPayload>(row.payloadEnc);
  const change = registryChangeOf(payload, indianDay(new Date(deps.now())));
  if (!change) return row;
  const number = requestNumber(row);
  const targets = registriesOf(
    payload,
    await deps.registrations.modificationTargets(row.applicantId, change, { kra: KRA_KINDS.includes(payload.kind) }),
  );
  const known = new Map((await repo.modifications(db, row.id)).map((m) => [m.registry, m]));
  for (const registry of targets) {
    const m = known.get(registry);
    if (m && m.status !== 'pending' && m.status !== 'submitted') continue;
    let answer: RegistrationAnswer;
    try {
      answer = await deps.registrations.sendModification(row.applicantId, {
        requestNo: number,
        registry: registry as RegistrationKind,
        change,
        reference: m?.status === 'submitted' ? (m.reference ?? '') : null,
      });
    } catch {
      // a provider away: the next pass (this process's or the next one's) sends it again under the
      // same request id; a row another process wrote meanwhile is left as it is
      if (!m)
        await repo.putModification(db, {
          requestId: row.id,
          registry,
          status: 'pending',
          requestNo: number,
          reference: null,
          reason: 'Provider unavailable (retrying)',
          evidenceEnc: null,
        });
      continue;
    }
    // a check keeps the record sent beside the last status answer: the evidence is the modification itself
    const sealed = m?.status === 'submitted' ? await repo.modificationEvidence(db, row.id, registry) : null;
    const sent = sealed ? deps.cipher.decryptJson<{ request: string; response: string }>(sealed) : null;
    await repo.putModification(db, {
      requestId: row.id,
      registry,
      status: answer.status,
      requestNo: number,
      reference: answer.reference,
      reason: answer.reason,
      evidenceEnc: deps.cipher.encryptJson(
        sent
          ? {
              request: sent.request,
              response: sent.response,
              checked: { request: answer.request, response: answer.response },
            }
          : { request: answer.request, response: answer.response },
      ),
    });
    await repo.audit(
      db,
      row.applicantId,
      'service_request.registry_answer',
      {
        request: number,
        registry,
        status: answer.status,
        reference: answer.reference,
        reason: answer.reason,
      },
      { kind: 'system', id: null },
    );
  }
  const mods = await repo.modifications(db, row.id);
  const refused = mods.find((m) => m.status === 'rejected' || m.status === 'on_hold');
  const allAccepted = targets.every((t) => mods.find((m) => m.registry === t)?.status === 'accepted');
  if (!refused && !allAccepted) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void carryOut(deps, row.id).catch(() => undefined);
    }, deps.config.registrations.pollSeconds * 1000);
    timer.unref();
    timers.add(timer);
    return row;
  }
  // a closure accepted everywhere: the account is closed today and the retention hold starts
  // (once: a pass carried on after a restart finds it closed already)
  if (!refused && payload.kind === 'closure')
    await deps.accountClosures.close(row.applicantId, {
      closedOn: indianDay(new Date(deps.now())),
      reason: `Closed at the client's request ${number} (${payload.reason})`,
      closedBy: row.confirmedBy ?? 'client-request',
    });
  const finished = await db.transaction(async (tx) => {
    const current = await repo.get(tx, row.id);
    if (!current || current.status !== 'sent_to_registries') return null;
    if (refused) return repo.move(tx, current, 'registry_rejects', { reasonCode: 'REGISTRY_REFUSED' });
    await applyToRecord(deps, tx, current, payload);
    await repo.audit(
      tx,
      row.applicantId,
      'service_request.carried_out',
      {
        request: number,
        registries: targets,
        // the holds of partial approval this request ended (segment-rekyc-kinds.ts)
        ...(payload.kind === 'segments' && payload.releases?.length && { released_holds: payload.releases }),
      },
      {
        kind: 'system',
        id: null,
      },
    );
    return repo.move(tx, current, 'registries_accept');
  });
  if (finished?.kind === 'closure' && finished.status === 'done')
    await deps.sessions.revokeAll('client', row.applicantId);
  if (finished)
    await notifyClient(deps, row.applicantId, {
      number,
      kind: finished.kind,
      status: finished.status,
      reason: finished.reasonCode,
    });
  return finished ?? (await repo.get(db, row.id));
}

/** At start-up: every request still with the registries is carried on. */
export async function resumeRequests(deps: Deps): Promise<void> {
  for (const row of await repo.listByStatus(deps.database.db, ['sent_to_registries']))
    await carryOut(deps, row.id).catch(() => undefined);
}
