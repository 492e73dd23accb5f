/**
 * Host of the face-check worker: one warm worker per process (models load once), requests
 * queued, a timeout per request, and a fresh worker after a crash.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker.ts';
import { sandboxFaceInstalled } from './face-package.ts';
import type { FaceReply, FaceRequest } from './face-worker.ts';

export interface FaceFindings {
  faces: number;
  score?: number;
  live?: number;
  similarity?: number;
  /** The nose tip's offset from the eyes' midpoint, in eye distances (positive: to the picture's right). */
  noseOffset?: number;
}

const TIMEOUT_MS = 90_000;
export const FACE_MODEL_MISSING =
  'The sandbox face check is not installed (the @ekyc/sandbox-face package, a development dependency): install with npm ci, without --omit=dev';

export class FaceChecker {
  /** Whether the face model (the @ekyc/sandbox-face package) is installed; a production install has none. */
  constructor(readonly installed: boolean = sandboxFaceInstalled()) {}

  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: FaceReply) => void; reject: (e: Error) => void }>();

  private start(): Worker {
    const worker = startModuleWorker(import.meta.url, 'face-worker');
    worker.unref();
    worker.on('message', (reply: FaceReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [, waiter] of this.pending) waiter.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face check stopped (${code})`)));
    return worker;
  }

  private request(message: Omit<FaceRequest, 'id'> | { warm: true }): Promise<FaceReply> {
    if (!this.installed) return Promise.reject(new Error(FACE_MODEL_MISSING));
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise<FaceReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('face check timed out'));
      }, TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      worker.postMessage({ id, ...message });
    });
  }

  /** Loads the models ahead of the first applicant. */
  async warm(): Promise<void> {
    if (!this.installed) return;
    await this.request({ warm: true });
  }

  async check(image: Buffer, compareWith?: Buffer): Promise<FaceFindings> {
    const reply = await this.request({
      image: new Uint8Array(image),
      ...(compareWith && { compareWith: new Uint8Array(compareWith) }),
    });
    return {
      faces: reply.faces ?? 0,
      ...(reply.score !== undefined && { score: reply.score }),
      ...(reply.live !== undefined && { live: reply.live }),
      ...(reply.similarity !== undefined && { similarity: reply.similarity }),
      ...(reply.noseOffset !== undefined && { noseOffset: reply.noseOffset }),
    };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
