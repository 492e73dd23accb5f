/**
 * The evidence bundle's part for the client's requests after the account is open
 * (`service-requests.json` and each request's forms): what each request asked (decrypted), its
 * Aadhaar eSign transaction and the form before and after signing, the maker's and the checker's
 * decisions, the rejection's coded reason, and each registry's modification record with what was
 * sent and answered. The audit trail (`audit.json`) holds the same moves in order.
 */
import { serviceRequestNumber } from '@ekyc/contracts/service-requests';
import type { BackofficeDeps } from './deps.ts';
import { serviceRequestRecordsRepository as repo } from './service-request-records.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'cipher' | 'records'>;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The bundle's files for the requests: none when the client made none. */
export async function serviceRequestFiles(deps: Deps, applicantId: string): Promise<Record<string, Uint8Array>> {
  const { requests, modifications } = await repo.of(deps.database.db, applicantId);
  if (!requests.length) return {};
  const files: Record<string, Uint8Array> = {};
  const listed = [];
  for (const r of requests) {
    const number = serviceRequestNumber(r.number);
    const forms: Record<string, string | null> = { prepared: null, signed: null };
    for (const [which, id] of [
      ['prepared', r.prepared_file_id],
      ['signed', r.signed_file_id],
    ] as const) {
      const file = id ? await deps.records.readFile(id) : null;
      if (!file) continue;
      forms[which] = `service-requests/${number}-${which}.pdf`;
      files[forms[which]] = file.bytes;
    }
    listed.push({
      number,
      kind: r.kind,
      status: r.status,
      rule_set: r.rule_set,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      asked: deps.cipher.decryptJson(r.payload_enc),
      esign: r.esign_txn
        ? { txn: r.esign_txn, status: r.esign_status, message: r.esign_message, at: iso(r.esign_completed_at) }
        : null,
      forms,
      decisions: {
        accepted_by: r.accepted_by,
        accepted_at: iso(r.accepted_at),
        confirmed_by: r.confirmed_by,
        confirmed_at: iso(r.confirmed_at),
        reason_code: r.reason_code,
        reason_note: r.reason_note,
      },
      registries: modifications
        .filter((m) => m.request_id === r.id)
        .map((m) => ({
          registry: m.registry,
          status: m.status,
          request_no: m.request_no,
          reference: m.reference,
          reason: m.reason,
          at: iso(m.updated_at),
          exchanged: m.evidence_enc ? deps.cipher.decryptJson(m.evidence_enc) : null,
        })),
    });
  }
  files['service-requests.json'] = new TextEncoder().encode(`${JSON.stringify({ requests: listed }, null, 2)}\n`);
  return files;
}
