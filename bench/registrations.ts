/**
 * From e-sign to Completed in the sandbox: applicants run the whole journey, then a reviewer
 * accepts every stage and confirms (four eyes off in the sandbox), and the status is polled until
 * the registrations (BO account, then the UCC at each exchange) make the account active. The
 * figure is the time from the end of the e-sign to the first status call that answers Completed;
 * the reviewer's two calls are part of it (they take milliseconds, a person takes longer).
 */
import { newApplicant } from '../apps/api/test/support/journey-applicant.ts';
import { percentile } from './lib.ts';
import { runJourney } from './journey-steps.ts';

export const BENCH_ADMIN = { email: 'bench.admin@broker.example', password: 'bench admin pass phrase 1' };
const STAGES = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

export async function esignToCompleted(baseUrl: string, count: number, providersUrl?: string) {
  const call = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  };
  const login = await fetch(`${baseUrl}/api/v1/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const staff = ((await login.json()) as { data: { token: string } }).data.token;
  const times: number[] = [];
  for (let i = 0; times.length < count && i < count * 3; i += 1) {
    const seed = `registrations-${i}`;
    // PAN digits 7777 are the sandbox's "UCC rejected once" (it waits for an operator's retry)
    if (newApplicant(seed).pan.slice(5, 9) === '7777') continue;
    const journey = await runJourney(baseUrl, seed, () => undefined, providersUrl);
    const signedAt = performance.now();
    const queue = await call<{ items: { id: string }[] }>(
      'GET',
      `/api/v1/backoffice/applications?q=${journey.applicant.mobile}`,
      staff,
    );
    const id = queue.items[0]!.id;
    await call('POST', `/api/v1/backoffice/applications/${id}/decisions`, staff, {
      decisions: STAGES.map((stage) => ({ stage, activity: 'Accept' })),
    });
    await call('POST', `/api/v1/backoffice/applications/${id}/confirm`, staff);
    for (;;) {
      const status = await call<{ status: string }>('GET', '/api/v1/ekyc/get-application-status', journey.token);
      if (status.status === 'Completed') break;
      if (performance.now() - signedAt > 120_000) throw new Error(`not Completed within 120 s (${status.status})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    times.push(performance.now() - signedAt);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { count: times.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}
