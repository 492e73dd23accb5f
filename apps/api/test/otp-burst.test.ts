/**
 * A burst of concurrent guesses at one OTP gets no more comparisons than the attempts allowed: each
 * check takes its attempt before it compares, in one statement. Before, every guess of a burst read
 * the count before any was added, so all of them were compared (about ten in a burst), and a right
 * code among them signed in after more wrong ones than the limit allows. The race needs a
 * connection pool: it shows on the PostgreSQL server (npm run test:server), where this file runs too.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { latestOtp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ OTP_MAX_ATTEMPTS: '5' });
}, 120_000);
afterAll(() => app.close());

it('compares at most the allowed number of guesses of a concurrent burst, and then refuses even the right code', async () => {
  const mobile = uniqueMobile();
  await app.inject({ method: 'POST', url: '/api/v1/ekyc/send-otp', payload: { mobile } });
  const right = await latestOtp(app, mobile);
  const wrong = String((Number(right) + 1) % 10 ** right.length).padStart(right.length, '0');
  const verify = (otp: string) =>
    app.inject({ method: 'POST', url: '/api/v1/ekyc/verify-otp', payload: { mobile, otp } });

  const burst = await Promise.all(Array.from({ length: 12 }, () => verify(wrong)));
  const messages = burst.map((r) => (r.json() as { message: string }).message);
  // four say wrong, the rest locked: the fifth wrong guess uses the last attempt
  expect(messages.filter((m) => /locked|too many/i.test(m))).toHaveLength(8);
  const target = app.deps.otp.targetHash('mobile', mobile);
  const [row] = (
    (await app.deps.database.db.execute(
      sql`select attempts from otp_codes where target_hash = ${target} order by created_at desc limit 1`,
    )) as unknown as { rows: { attempts: number }[] }
  ).rows;
  expect(row!.attempts).toBe(5);
  // every attempt taken: the right code no longer signs in
  const late = await verify(right);
  expect((late.json() as { status: boolean }).status).toBe(false);
});
