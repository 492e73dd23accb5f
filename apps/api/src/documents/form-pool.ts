/**
 * The document worker pool (piscina): the account-opening form is rendered and prepared in worker
 * threads, so the event loop keeps answering other applicants meanwhile. With no threads
 * configured (`DOCUMENT_WORKER_THREADS=0`) the work runs inline. Threads start on first use and
 * end when idle.
 */
import { Piscina } from 'piscina';
import prepareFormInline, { asBuffer, type FormTask, type PreparedForm } from './form-worker.ts';

/** This file's own extension: TypeScript run through tsx, or compiled JavaScript. */
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const WORKER = new URL(`./form-worker${extension}`, import.meta.url).href;
const IDLE_MS = 60_000;

export class DocumentWorkers {
  private pool: Piscina | null = null;

  constructor(private readonly threads: number) {}

  async prepareForm(task: FormTask): Promise<PreparedForm> {
    if (this.threads === 0) return prepareFormInline(task);
    this.pool ??= new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_MS,
      // a worker thread of a process that did not start through tsx loads TypeScript with it
      ...(extension === '.ts' && !process.execArgv.some((a) => a.includes('tsx'))
        ? { execArgv: [...process.execArgv, '--import', 'tsx'] }
        : {}),
    });
    const done = (await this.pool.run(task)) as { pdf: Uint8Array; inputHash: Uint8Array };
    return { pdf: asBuffer(done.pdf), inputHash: asBuffer(done.inputHash) };
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
