/**
 * "My account": what the client holds with the broker, as the record and the registrations stand:
 * client code, BO id, segments, nominees, bank, DDPI, contact details (masked), documents (the
 * signed form, the signed DDPI, the welcome kit) and the client's requests. Each segment the broker
 * offers is shown active (registered at approval or by a segment request carried out), inactive,
 * held back at approval until the income proof arrives (pending_proof, with its reason), or with a
 * signed segment request's change under way.
 */
import type { MyAccountData } from '@ekyc/contracts/calls/client-area';
import { SEGMENTS } from '@ekyc/contracts/enums';
import type { ServicingDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { ddpiOf } from '../../records/ddpi.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import { nominationRuleOf } from './request-nomination.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';
import { welcomeKitEntries } from './welcome-kit.ts';

type Deps = Pick<ServicingDeps, 'config' | 'database' | 'cipher' | 'hasher' | 'records' | 'registrations' | 'now'>;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const maskMobile = (m: string) => (m.length >= 4 ? `${'*'.repeat(m.length - 4)}${m.slice(-4)}` : '****');
const maskEmail = (e: string) => {
  const [user = '', domain = ''] = e.split('@');
  return domain ? `${user.slice(0, 2)}${'*'.repeat(Math.max(user.length - 2, 1))}@${domain}` : '';
};

/** The address the registries carry: one changed in the client area, else DigiLocker's, else the KRA's. */
function addressLine(sections: Record<string, unknown>): string {
  const changed = obj(sections._address);
  const locker = obj(sections.digilocker_obj);
  const docs = Array.isArray(locker.cdl_documents) ? locker.cdl_documents.map(obj) : [];
  const aadhaar = docs.find((d) => d.document_type === 'AADHAARCARD');
  const kra = obj(obj(sections.kra_data_obj).address ?? sections.kra_data_obj);
  const parts = str(changed.line1)
    ? [changed.line1, changed.line2, changed.line3, changed.city, changed.state, changed.pincode]
    : aadhaar
      ? [aadhaar.address1, aadhaar.address2, aadhaar.district_city, aadhaar.state, aadhaar.pincode]
      : [kra.line1 ?? kra.kra_address, kra.line2, kra.city, kra.state, kra.pincode];
  return parts.map(str).filter(Boolean).join(', ');
}

export async function getMyAccount(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<MyAccountData>> {
  const db = deps.database.db;
  const [{ applicant, sections }, registrations, requests, freeze, held] = await Promise.all([
    deps.records.snapshot(applicantId),
    deps.registrations.summary(applicantId),
    repo.listOf(db, applicantId),
    repo.freezeOf(db, applicantId),
    segmentHoldsRepository.list(db, applicantId),
  ]);
  const nominee = obj(sections.nominee_obj);
  const bank = obj(sections.bank_obj);
  // the DDPI of record: only one signed on its own document counts (records/ddpi.ts)
  const ddpi = ddpiOf(sections);
  const esign = sections.esign_obj;
  const rule = nominationRuleOf(new Date(deps.now()));
  const accountNumber = str(bank.account_number);
  const address = addressLine(sections);
  // the accounts of the last bank request carried out (its primary is the record's bank_obj too)
  const lastBank = requests.find((r) => r.kind === 'bank' && r.status === 'done');
  const changed = lastBank ? deps.cipher.decryptJson<RequestPayload>(lastBank.payloadEnc) : null;
  // every segment the broker offers: active (the registrations' case), inactive, or a signed request's
  const active = registrations?.segments ?? [];
  const segmentRequest = requests.find(
    (r) => r.kind === 'segments' && ['signed', 'in_review', 'sent_to_registries'].includes(r.status),
  );
  const asked = segmentRequest ? deps.cipher.decryptJson<RequestPayload>(segmentRequest.payloadEnc) : null;
  const pendingSegments = asked?.kind === 'segments' ? asked : null;
  return ok('myAccount', {
    name: str(obj(sections.pan_obj).full_name),
    client_code: registrations?.clientCode ?? null,
    bo_id: registrations?.boId ?? null,
    mobile: maskMobile(applicant.mobile),
    email: maskEmail(applicant.email ?? ''),
    address,
    segments: SEGMENTS.map((s) => {
      const hold = held.find((h) => h.segment === s.code);
      return {
        code: s.code,
        name: s.name,
        exchanges: [...s.exchanges],
        state: pendingSegments?.activate.includes(s.code)
          ? ('activation_requested' as const)
          : pendingSegments?.deactivate.includes(s.code)
            ? ('deactivation_requested' as const)
            : hold
              ? ('pending_proof' as const)
              : active.includes(s.code)
                ? ('active' as const)
                : ('inactive' as const),
        reason: hold?.reasonCode ?? null,
      };
    }),
    nominees: (Array.isArray(nominee.nominee_list) ? nominee.nominee_list : []).map((raw) => {
      const n = obj(raw);
      return {
        name: [str(n.first_name), str(n.last_name)].filter(Boolean).join(' '),
        relation: str(n.nominee_relation),
        share: str(n.percentage_share),
        minor: n.is_minor === true,
      };
    }),
    nomination_opted_out: nominee.skip_nominee === true,
    bank_accounts:
      changed?.kind === 'bank'
        ? changed.accounts.map((b) => ({
            bank_name: b.bankName,
            ifsc: b.ifsc,
            account_last4: b.accountNumber.slice(-4),
            primary: b.primary,
          }))
        : accountNumber
          ? [
              {
                bank_name: str(bank.bank_name),
                ifsc: str(bank.ifsc).toUpperCase(),
                account_last4: accountNumber.slice(-4),
                primary: true,
              },
            ]
          : [],
    ddpi: { given: !!ddpi?.signed_document },
    online_access: { frozen: freeze !== null, since: freeze?.frozenAt.toISOString() ?? null },
    documents: [
      ...(esign?.signed_document
        ? [{ kind: 'signed_form' as const, key: null, link: deps.records.fileUrl(esign.signed_document, sessionId) }]
        : []),
      ...(ddpi?.signed_document
        ? [{ kind: 'signed_ddpi' as const, key: null, link: deps.records.fileUrl(ddpi.signed_document, sessionId) }]
        : []),
      // the kit the welcome email carried, once the account is open
      ...(registrations?.completedAt ? welcomeKitEntries(deps, sessionId) : []),
    ],
    requests: requests.map((r) => requestView(deps, r, sessionId)),
    nomination_rule: { max: rule.max, mandatory: [...rule.mandatory], rule_set: rule.id },
  });
}
