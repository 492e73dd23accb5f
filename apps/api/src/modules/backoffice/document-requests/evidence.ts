/**
 * The evidence bundle's part for the document requests (`document-requests.json` and each answered
 * file under `document-requests/`): what was asked and by whom, the note the applicant read, when
 * they answered, and the reviewer's decision with its note. None when nothing was asked.
 */
import type { BackofficeDeps } from '../deps.ts';
import { documentRequestsRepository as requests } from '../../../records/document-requests.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'cipher' | 'records'>;

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

export async function documentRequestFiles(deps: Deps, applicantId: string): Promise<Record<string, Uint8Array>> {
  const rows = await requests.list(deps.database.db, applicantId);
  if (!rows.length) return {};
  const files: Record<string, Uint8Array> = {};
  const listed = [];
  for (const r of rows) {
    const file = r.fileId ? await deps.records.readFile(r.fileId) : null;
    const name = file ? `document-requests/${r.id}.${EXTENSIONS[file.contentType] ?? 'bin'}` : null;
    if (file && name) files[name] = file.bytes;
    listed.push({
      id: r.id,
      kind: r.kind,
      state: r.state,
      note: deps.cipher.decrypt(r.noteEnc),
      requested_by: { staff_id: r.requestedBy, name: r.requestedByName },
      requested_at: r.requestedAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      file: name,
      file_id: r.fileId,
      decided_by: r.decidedBy ? { staff_id: r.decidedBy, name: r.decidedByName } : null,
      decided_at: r.decidedAt?.toISOString() ?? null,
      decision_note: r.decisionNoteEnc === null ? null : deps.cipher.decrypt(r.decisionNoteEnc),
    });
  }
  files['document-requests.json'] = new TextEncoder().encode(`${JSON.stringify({ requests: listed }, null, 2)}\n`);
  return files;
}
