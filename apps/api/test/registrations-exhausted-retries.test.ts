/**
 * A registration whose provider stays down past the queue's retries ends `failed`: flagged for the
 * back office (the list and the not-tradable queue say it needs an operator), due by a deadline,
 * counted in the metrics, and kept as a dead-letter record. An operator's retry takes it up again
 * once the provider is back; a retry is refused while a request is still in flight.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationsRepository } from '../src/modules/registrations/registrations.repository.ts';
import { ProviderError } from '../src/providers/http.ts';
import { approvedApplicant, panWithDigits, statusOf } from './support/registrations.ts';
import { testApp } from './support/test-app.ts';

const WAIT = { timeout: 30_000, interval: 100 };

/** A gate the depository's submit waits on, and a signal that it has been reached. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const arrived = new Promise<void>((r) => (reached = r));
  return { open, reached, opened, arrived };
}

// On the shared server-mode database every test app's workers share one queue.
describe.skipIf(process.env.TEST_DATABASE_URL)('Registrations, retries exhausted and retries in flight', () => {
  let app: FastifyInstance;
  /** What the depository does with the next submit of a PAN: fail (down), wait at a gate, or answer. */
  const behaviour = new Map<string, 'down' | ReturnType<typeof gate> | 'up'>();
  beforeAll(async () => {
    app = await testApp(
      { REGISTRATIONS_RETRY_LIMIT: '1', REGISTRATIONS_SANDBOX_DELAY_MS: '0' },
      {
        registrars: (configured) => ({
          ...configured,
          depository: {
            kind: configured.depository.kind,
            check: (s, id, ref) => configured.depository.check(s, id, ref),
            submit: async (s, requestId) => {
              const b = behaviour.get(s.pan) ?? 'up';
              if (b === 'down')
                throw new ProviderError('POST /bo/harmonised failed: TypeError', undefined, undefined, 'unreachable');
              if (b !== 'up') {
                b.reached();
                await b.opened;
              }
              return configured.depository.submit(s, requestId);
            },
          },
        }),
      },
    );
  }, 120_000);
  afterAll(() => app.close());

  it('ends failed and flagged, with a deadline, a metric and a dead-letter record; a retry takes it up', async () => {
    const pan = panWithDigits('4242');
    behaviour.set(pan, 'down');
    const a = await approvedApplicant(app, { pan });
    await expect.poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), WAIT).toBe('failed');

    const bo = (await a.registrations()).find((r) => r.kind === 'bo_cdsl') as Record<string, unknown>;
    expect(bo).toMatchObject({ flagged: true, status: 'failed' });
    expect(bo.last_error).toMatch(/^Retries exhausted: /);
    expect(typeof bo.deadline_at).toBe('string');
    const queue = (await a.bo('GET', 'registrations/not-tradable')).json() as {
      data: { id: string; needs_action: boolean; waiting: { kind: string; status: string }[] }[];
    };
    const mine = queue.data.find((c) => c.id === a.id)!;
    expect(mine.needs_action).toBe(true);
    expect(mine.waiting).toContainEqual({ kind: 'bo_cdsl', status: 'failed' });
    expect((await app.inject({ url: '/metrics' })).body).toMatch(
      /ekyc_registrations_failed_total\{kind="bo_cdsl"\} 1\b/,
    );
    const letters = await registrationsRepository.deadLetters(app.deps.database.db, a.id);
    expect(letters).toEqual([
      expect.objectContaining({ kind: 'bo_cdsl', faults: 2, retriedAt: null, requestId: expect.any(String) }),
    ]);

    // the depository is back: the operator's retry sends it again and it goes through
    behaviour.set(pan, 'up');
    expect((await a.retry('bo_cdsl')).statusCode).toBe(200);
    await expect.poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), WAIT).toBe('accepted');
    expect((await a.registrations()).find((r) => r.kind === 'bo_cdsl')).toMatchObject({ flagged: false });
    const [letter] = await registrationsRepository.deadLetters(app.deps.database.db, a.id);
    expect(letter!.retriedAt).toBeInstanceOf(Date);
  }, 60_000);

  it('refuses a retry while the request is in flight, and takes it after the answer', async () => {
    const pan = panWithDigits('4343');
    const held = gate();
    behaviour.set(pan, held);
    const a = await approvedApplicant(app, { pan });
    await held.arrived;
    // the depository has the request and has not answered yet
    const refused = await a.retry('bo_cdsl');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: false });
    held.open();
    await expect.poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), WAIT).toBe('accepted');
    const bo = (await a.registrations()).find((r) => r.kind === 'bo_cdsl')!;
    expect(bo.attempts).toBe(1);
    expect((await a.retry('bo_cdsl')).statusCode).toBe(409);
  }, 60_000);
});
