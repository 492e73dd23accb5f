/**
 * The document worker pool (piscina): the account-opening form is rendered and prepared in worker
 * threads, so the event loop keeps answering other applicants meanwhile. With no threads
 * configured (`DOCUMENT_WORKER_THREADS=0`) the form renders inline. Threads start on first use and
 * end when idle.
 *
 * Uploaded PDFs are inspected (pdf-inspect.ts) in threads of their own, always, whatever the
 * setting: a hostile PDF can be made slow to parse, and only a worker thread can be stopped. Each
 * inspection has a time budget, counted from when its thread takes it, a capped heap and a cap on
 * what it decodes; past any of them the PDF is refused as `too_complex`.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { FormTask, PreparedForm } from './form-worker.ts';
import type { PdfInspection } from './pdf-inspect.ts';
import { DEFAULT_INSPECTION_LIMITS } from './pdf-limits.ts';
import type { InspectTask } from './pdf-inspect-worker.ts';

/** This file's own extension: TypeScript run through tsx, or compiled JavaScript. */
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const WORKER = new URL(`./form-worker${extension}`, import.meta.url).href;
const INSPECT_WORKER = new URL(`./pdf-inspect-worker${extension}`, import.meta.url).href;
const IDLE_MS = 60_000;
/** An inspection thread's heap: pdf-lib's objects for the largest upload (12 MB) take far less. */
const INSPECTION_HEAP_MB = 512;

/** What one PDF inspection may cost before the PDF is refused. */
export interface PdfInspectionBudget {
  /** Time in its thread (PDF_INSPECT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bytes its stream decoders may write in all (PDF_INSPECT_MAX_DECODED_MB). */
  maxDecodedBytes: number;
}

export const DEFAULT_INSPECTION_BUDGET: PdfInspectionBudget = {
  timeoutMs: 10_000,
  maxDecodedBytes: DEFAULT_INSPECTION_LIMITS.maxDecodedBytes,
};

const TOO_COMPLEX: PdfInspection = { opened: { ok: false, reason: 'too_complex' }, active: null };

// a worker thread of a process that did not start through tsx loads TypeScript with it
const workerArgs = () =>
  extension === '.ts' && !process.execArgv.some((a) => a.includes('tsx'))
    ? { execArgv: [...process.execArgv, '--import', 'tsx'] }
    : {};

/** piscina loads with the first pool, as its threads start: on first use. */
const loadPiscina = async () => (await import('piscina')).Piscina;

/** Bytes that crossed a thread arrive as a plain Uint8Array. */
const fromThread = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** An inspection whose thread ended under it, for a reason other than its budgets. */
interface ThreadDied {
  died: unknown;
  /** Whether the thread had started on the file. */
  started: boolean;
}

const outOfMemory = (err: unknown) => (err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

export class DocumentWorkers {
  private pool: Piscina | null = null;
  private inspections: Piscina | null = null;
  private closed = false;

  constructor(
    private readonly threads: number,
    private readonly budget: PdfInspectionBudget = DEFAULT_INSPECTION_BUDGET,
    /** The inspection thread's module (another only in tests, to make a thread die). */
    private readonly inspectWorker: string = INSPECT_WORKER,
  ) {}

  async prepareForm(task: FormTask): Promise<PreparedForm> {
    // inline, the form's libraries (pdf-lib, @signpdf, sharp) load with the first form; else in a thread only
    if (this.threads === 0) return (await import('./form-worker.ts')).default(task);
    const Pool = await loadPiscina(); // before the test below: two calls must not both make a pool
    this.pool ??= new Pool({
      filename: WORKER,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_MS,
      ...workerArgs(),
    });
    const done = (await this.pool.run(task)) as { pdf: Uint8Array; inputHash: Uint8Array };
    return { pdf: fromThread(done.pdf), inputHash: fromThread(done.inputHash) };
  }

  /**
   * Inspects an uploaded PDF in a worker thread, within the budget (`too_complex` past it). The
   * inspection itself never fails (an unreadable file is a result), so a failed task means its
   * thread died: once it had started on the file, that is tried once more on a fresh thread, and a
   * file that takes down a second thread is refused as `too_complex`. Threads that die twice before
   * they start on it are a fault of the server, not of the file, and fail the request.
   */
  async inspectPdf(bytes: Uint8Array, password?: string): Promise<PdfInspection> {
    const first = await this.inspectOnce(bytes, password);
    if (!('died' in first)) return first;
    // the pools were closed under it (the app stopping): no fresh thread to try
    if (this.closed) throw first.died;
    const second = await this.inspectOnce(bytes, password);
    if (!('died' in second)) return second;
    if (first.started || second.started) return TOO_COMPLEX;
    throw second.died;
  }

  private async inspectOnce(bytes: Uint8Array, password?: string): Promise<PdfInspection | ThreadDied> {
    const Pool = await loadPiscina();
    this.inspections ??= new Pool({
      filename: this.inspectWorker,
      minThreads: 0,
      maxThreads: Math.max(1, this.threads),
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: INSPECTION_HEAP_MB },
      ...workerArgs(),
    });
    const started = new MessageChannel();
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let settled = false;
    // an aborted task's thread is terminated: the only way to stop a parse that is still running
    started.port2.once('message', () => {
      running = true;
      if (!settled) timer = setTimeout(() => stop.abort(), this.budget.timeoutMs);
    });
    const task: InspectTask = {
      bytes,
      ...(password !== undefined && { password }),
      maxDecodedBytes: this.budget.maxDecodedBytes,
      started: started.port1,
    };
    try {
      return (await this.inspections.run(task, {
        transferList: [started.port1],
        signal: stop.signal,
      })) as PdfInspection;
    } catch (err) {
      if (stop.signal.aborted || outOfMemory(err)) return TOO_COMPLEX;
      // its "started" may still wait in the port, behind the news of its end
      return { died: err, started: running || receiveMessageOnPort(started.port2) !== undefined };
    } finally {
      settled = true;
      clearTimeout(timer);
      started.port2.close();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [this.pool, this.inspections];
    this.pool = null;
    this.inspections = null;
    await Promise.all(pools.map((pool) => pool?.destroy()));
  }
}
