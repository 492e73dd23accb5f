/**
 * An inspection thread that dies (form-pool.test.ts): `DYING_WORKER` says when, `DYING_MARKER`
 * names a file that says whether a thread has died already. `once`: the first thread dies after it
 * starts, the next one answers; `always`: every thread dies after it starts; `before-start`: every
 * thread dies before it says it started.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { InspectTask } from '../../src/documents/pdf-inspect-worker.ts';
import type { PdfInspection } from '../../src/documents/pdf-inspect.ts';

export default function dyingWorker(task: InspectTask): PdfInspection {
  const mode = process.env.DYING_WORKER;
  const marker = process.env.DYING_MARKER!;
  if (mode === 'before-start') process.exit(1);
  task.started.postMessage('started');
  task.started.close();
  if (mode === 'always' || !existsSync(marker)) {
    writeFileSync(marker, 'died');
    process.exit(1);
  }
  return { opened: { ok: true, encrypted: false, pages: 1, revision: null }, active: null };
}
