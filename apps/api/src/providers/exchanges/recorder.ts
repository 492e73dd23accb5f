/**
 * The provider-exchange recorder, at the ports' boundary: a recorded port's calls (PAN, KRA,
 * DigiLocker, liveness, bank verification, e-sign) keep, per application, each raw HTTP request
 * and answer the call made (scope.ts), or, for a call without HTTP (the eSign request and answer
 * travel through the applicant's browser), its input and output. Secrets are redacted (redact.ts),
 * the record is encrypted with the applicant data's key, and nothing of it is logged.
 */
import type { Cipher } from '../../lib/crypto.ts';
import type { DatabaseRef } from '../../db/client.ts';
import { exchangesRepository as repo } from './exchanges.repository.ts';
import { REDACTED, redactJson } from './redact.ts';
import {
  type ApplicantScope,
  collectExchanges,
  currentScope,
  type HttpExchange,
  scopeApplicant,
  takeHeld,
} from './scope.ts';

/** The providers whose exchanges are kept, and the record classes that keep them (retention). */
export const RECORDED_PROVIDERS = ['pan', 'kra', 'digilocker', 'liveness', 'bank', 'upi', 'esign'] as const;
export type RecordedProvider = (typeof RECORDED_PROVIDERS)[number];

export interface ProviderExchange {
  provider: RecordedProvider;
  /** The port's method. */
  operation: string;
  at: string;
  outcome: 'ok' | 'failed';
  /** The raw HTTP exchanges of the call. */
  http: HttpExchange[];
  /** A call without HTTP, or a port whose answer is best read in clear: what went in and came out, redacted. */
  input?: unknown;
  output?: unknown;
  error?: string;
}

/** Buffers as base64, so that a port's input and output keep as JSON. */
const plain = (v: unknown): unknown =>
  JSON.parse(
    JSON.stringify(v ?? null, (_k, x: unknown) =>
      x &&
      typeof x === 'object' &&
      (x as { type?: string }).type === 'Buffer' &&
      Array.isArray((x as { data?: unknown }).data)
        ? { base64: Buffer.from((x as { data: number[] }).data).toString('base64') }
        : x,
    ),
  ) as unknown;

export interface RecordOptions {
  /** Keep the call's input and output too (redacted), beside its HTTP exchanges. */
  io?: boolean;
  /** Calls (by URL path) whose bodies are credentials however encoded: kept without them. */
  credentialCalls?: RegExp;
}

/** A credential call's bodies, encrypted or not, are the credentials: they are not kept. */
function withoutCredentials(exchanges: HttpExchange[], calls: RegExp | undefined): HttpExchange[] {
  if (!calls) return exchanges;
  return exchanges.map((x) =>
    calls.test(new URL(x.url).pathname)
      ? {
          ...x,
          request: { ...x.request, body: REDACTED, encoding: 'text' },
          response: 'status' in x.response ? { ...x.response, body: REDACTED, encoding: 'text' } : x.response,
        }
      : x,
  );
}

export class ExchangeRecorder {
  /** A failure to store (logged by the app without the exchange's content). */
  onError: (err: Error) => void = () => undefined;

  constructor(
    private readonly database: DatabaseRef,
    private readonly cipher: Cipher,
  ) {}

  /**
   * Stores one exchange for the applicant of the current scope, or when the scope learns it; a
   * request holds its exchanges until it answers (storeHeld).
   */
  async keep(exchange: ProviderExchange): Promise<void> {
    const scope = currentScope();
    if (scope?.held) {
      scope.held.push(exchange);
      return;
    }
    const applicant = scopeApplicant();
    if (applicant) return this.store(applicant, [exchange]);
    scope?.pending.push(() => this.store(scopeApplicant()!, [exchange]));
  }

  /**
   * Stores the exchanges a request held, in one statement, as it answers: for its applicant, or
   * for the one a use-case named (attributeExchanges); none when neither is known.
   */
  async storeHeld(scope: ApplicantScope): Promise<void> {
    const held = takeHeld<ProviderExchange>(scope);
    const applicant = scope.named ?? scope.applicant();
    if (held.length && applicant) await this.store(applicant, held);
  }

  private async store(applicantId: string, exchanges: ProviderExchange[]): Promise<void> {
    try {
      await repo.add(
        this.database().db,
        exchanges.map((e) => ({
          applicantId,
          provider: e.provider,
          operation: e.operation,
          at: new Date(e.at),
          bodyEnc: this.cipher.encryptJson(e),
        })),
      );
    } catch (err) {
      // the call's own outcome stands; the failure is reported without the exchange's content
      this.onError(err as Error);
    }
  }

  /** The application's exchanges, decrypted, oldest first. */
  async list(applicantId: string): Promise<(ProviderExchange & { id: string })[]> {
    const rows = await repo.list(this.database().db, applicantId);
    return rows.map((r) => ({ id: r.id, ...this.cipher.decryptJson<ProviderExchange>(r.bodyEnc) }));
  }

  /**
   * The port with its `methods` recorded: each call runs collecting its HTTP exchanges, then the
   * exchange is kept (outside a request, awaited, so that it is stored before the work goes on; in
   * a request, with the request's other exchanges when it answers) and the call's own answer or
   * error returned as it was.
   */
  record<T extends object>(
    port: T,
    provider: RecordedProvider,
    methods: readonly (keyof T & string)[],
    options: RecordOptions = {},
  ): T {
    const recorded = new Set<string>(methods);
    return new Proxy(port, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof prop !== 'string' || !recorded.has(prop) || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const at = new Date().toISOString();
          const { exchanges, run } = await collectExchanges(
            () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args) as Promise<unknown>,
          );
          const settled = await run.then(
            (output) => ({ ok: true as const, output }),
            (error: unknown) => ({ ok: false as const, error }),
          );
          await this.keep({
            provider,
            operation: prop,
            at,
            outcome: settled.ok ? 'ok' : 'failed',
            http: withoutCredentials(exchanges, options.credentialCalls),
            ...((options.io || !exchanges.length) && {
              input: redactJson(plain(args)),
              ...(settled.ok && { output: redactJson(plain(settled.output)) }),
            }),
            ...(!settled.ok && { error: (settled.error as Error)?.message ?? 'failed' }),
          });
          if (!settled.ok) throw settled.error;
          return settled.output;
        };
      },
    });
  }
}
