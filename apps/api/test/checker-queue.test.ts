/**
 * The checker's queue with four eyes on: a refused action takes no claim; the
 * maker's claim ends when every stage is accepted; the awaiting-confirmation list with the maker's
 * note, its own next-application, bulk confirmation (each four-eyed and audited) and the return to
 * the maker with a note.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

let app: FastifyInstance;
let maker: string;
let checker: string;
let pans = 3000;

interface Awaiting {
  items: { id: string; makers: string[]; note: string | null; can_confirm: boolean; claim: unknown }[];
  total: number;
}

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

async function signedApplication(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits(String(pans++))) },
  });
  return data<{ applicant_id: string }>(res).applicant_id;
}

async function accepted(note?: string): Promise<string> {
  const id = await signedApplication();
  const res = await bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
    ...(note && { note }),
  });
  expect(res.statusCode).toBe(200);
  expect(data<{ awaiting_confirmation: boolean }>(res).awaiting_confirmation).toBe(true);
  return id;
}

const awaitingList = async (token: string) => data<Awaiting>(await bo(token, 'applications/awaiting-confirmation'));
const claimOf = async (token: string, id: string) =>
  data<{ claim: { name: string } | null }>(await bo(token, `applications/${id}`)).claim;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, `mohan.maker.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `chitra.checker.${Date.now()}@broker.example`, 'checker');
}, 120_000);
afterAll(() => app.close());

describe('claims', () => {
  it("a maker's refused confirmation of their own acceptance takes no claim: the checker confirms at once", async () => {
    const id = await accepted();
    expect(await claimOf(checker, id)).toBeNull();
    const own = await bo(maker, `applications/${id}/confirm`, {});
    expect(own.statusCode).toBe(403);
    expect(await claimOf(checker, id)).toBeNull();
    const confirmed = await bo(checker, `applications/${id}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
  });

  it('a refused decision takes no claim either', async () => {
    const id = await signedApplication();
    const refused = await bo(maker, `applications/${id}/decisions`, {
      decisions: [{ stage: 130, activity: 'Reject', code: 'NO_SUCH_REASON' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await claimOf(checker, id)).toBeNull();
  });
});

describe('the awaiting-confirmation view', () => {
  it("lists what waits for a checker with the maker's note; the maker may not confirm it", async () => {
    const id = await accepted('Signature checked against the PAN card by phone');
    const forChecker = (await awaitingList(checker)).items.find((i) => i.id === id);
    expect(forChecker).toMatchObject({ note: 'Signature checked against the PAN card by phone', can_confirm: true });
    expect(forChecker!.makers[0]).toBe('Rita reviewer');
    expect((await awaitingList(maker)).items.find((i) => i.id === id)?.can_confirm).toBe(false);
    // an application still waiting for its maker is not in the checker's queue
    const undecided = await signedApplication();
    expect((await awaitingList(checker)).items.some((i) => i.id === undecided)).toBe(false);
  });

  it("has its own next-application: the checker's, never one the viewer accepted", async () => {
    const id = await accepted();
    const seen = new Set<string>();
    let next: string | null = null;
    // walk the checker's next-application forward until this one comes up, passing over those before
    // it (others of this file wait too, and on a shared database other files' applications)
    for (let after: string | undefined; ; after = next!) {
      next = data<{ id: string | null }>(
        await bo(checker, `applications/awaiting-confirmation/next${after ? `?after=${after}` : ''}`),
      ).id;
      if (!next || next === id || seen.has(next)) break;
      seen.add(next);
    }
    expect(next).toBe(id);
    const forMaker = data<{ id: string | null }>(await bo(maker, 'applications/awaiting-confirmation/next')).id;
    expect(forMaker).not.toBe(id);
  });

  it('skips forward in the queue: a checker passing over two applications is not sent back and forth', async () => {
    const [a, b, c] = [await accepted(), await accepted(), await accepted()];
    const nextAfter = async (after: string) =>
      data<{ id: string | null }>(await bo(checker, `applications/awaiting-confirmation/next?after=${after}`)).id;
    // without confirming anything: from a, the walk reaches b and then c before it comes round to a again
    const walked: (string | null)[] = [];
    for (let at: string | null = a; at && at !== c && walked.length < 500;) walked.push((at = await nextAfter(at)));
    expect(walked.at(-1)).toBe(c);
    expect(walked).toContain(b);
    expect(walked).not.toContain(a);
  });

  it('bulk confirm confirms each on its own: four eyes per application, one audit entry each', async () => {
    const a = await accepted();
    const b = await accepted();
    const notReady = await signedApplication();
    const byMaker = data<{ results: { id: string; outcome: string; reason: string | null }[] }>(
      await bo(maker, 'applications/bulk-confirm', { ids: [a] }),
    ).results;
    expect(byMaker).toEqual([{ id: a, outcome: 'skipped', reason: expect.stringMatching(/Four eyes/) }]);
    const res = await bo(checker, 'applications/bulk-confirm', { ids: [a, b, notReady] });
    expect(res.statusCode).toBe(200);
    expect(data<{ results: unknown[] }>(res).results).toEqual([
      { id: a, outcome: 'confirmed', reason: null },
      { id: b, outcome: 'confirmed', reason: null },
      { id: notReady, outcome: 'skipped', reason: 'Not waiting for a confirmation' },
    ]);
    for (const id of [a, b]) {
      const trail = data<{ entries: { action: string }[] }>(await bo(checker, `applications/${id}/audit`)).entries;
      expect(trail.filter((e) => e.action === 'application.approved')).toHaveLength(1);
    }
  });

  it('a bulk confirm of malformed ids answers 400 naming the field', async () => {
    const res = await bo(checker, 'applications/bulk-confirm', { ids: ['not-an-id'] });
    expect(res.statusCode).toBe(400);
    expect(data<{ field: string }>(res).field).toMatch(/^ids/);
  });
});

describe('return to the maker', () => {
  it('takes it out of the checker queue to its maker with the note; the maker hands it over again', async () => {
    const id = await accepted();
    const noNote = await bo(checker, `applications/${id}/return-to-maker`, { note: '' });
    expect(noNote.statusCode).toBe(400);
    expect(data<{ field: string }>(noNote).field).toBe('note');
    expect((await bo(maker, `applications/${id}/return-to-maker`, { note: 'Please look again' })).statusCode).toBe(403);

    const returned = await bo(checker, `applications/${id}/return-to-maker`, {
      note: 'The bank proof is a different account holder',
    });
    expect(returned.statusCode).toBe(200);
    expect(data<{ returned_to: string }>(returned).returned_to).toBe('Rita reviewer');
    expect((await awaitingList(checker)).items.some((i) => i.id === id)).toBe(false);
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(409);
    expect((await claimOf(maker, id))?.name).toBe('Rita reviewer');
    const notes = data<{ notes: { kind: string; note: string }[] }>(await bo(maker, `applications/${id}/notes`)).notes;
    expect(notes).toContainEqual(
      expect.objectContaining({ kind: 'return', note: 'The bank proof is a different account holder' }),
    );

    const again = await bo(maker, `applications/${id}/decisions`, {
      decisions: [{ stage: 160, activity: 'Accept' }],
      note: 'Joint account: the applicant is the first holder',
    });
    expect(data<{ awaiting_confirmation: boolean }>(again).awaiting_confirmation).toBe(true);
    expect((await awaitingList(checker)).items.find((i) => i.id === id)?.note).toBe(
      'Joint account: the applicant is the first holder',
    );
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(200);
  });
});
