/**
 * One uploaded PDF inspected (pdf-inspect.ts) in a worker thread of the document pool
 * (form-pool.ts). It says when it starts, so that the pool's time budget counts the work and not
 * the wait for a free thread.
 */
import type { MessagePort } from 'node:worker_threads';
import { inspectPdf, type PdfInspection } from './pdf-inspect.ts';

export interface InspectTask {
  bytes: Uint8Array;
  password?: string;
  maxDecodedBytes: number;
  /** Told once the inspection starts. */
  started: MessagePort;
}

// pdf-lib throws and catches an error for every byte of broken syntax it skips: a stack trace for
// each would double what a hostile file costs, and in this thread nothing reads them
Error.stackTraceLimit = 0;

export default async function inspectInWorker(task: InspectTask): Promise<PdfInspection> {
  task.started.postMessage('started');
  task.started.close();
  return inspectPdf(task.bytes, task.password, { maxDecodedBytes: task.maxDecodedBytes });
}
