/**
 * The approval and the decisions around it, with four eyes on: a decision cannot land on an
 * application a checker approved a moment before; the approval, its review status and its
 * registration case commit together or not at all; an approval whose registrations did not start
 * is started by the sweep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { standingRepository } from '../src/modules/backoffice/standing.repository.ts';
import { REGISTRATION_QUEUE } from '../src/modules/registrations/workflow.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

let app: FastifyInstance;
let maker: string;
let checker: string;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

/** A signed application whose stages the maker accepted: it waits for the checker. */
async function awaitingChecker() {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits('1357')) },
  });
  const { applicant_id: id, token } = (res.json() as { data: { applicant_id: string; token: string } }).data;
  const accepted = await bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect(accepted.statusCode).toBe(200);
  return { id, token };
}

async function standing(id: string) {
  const rows = await app.deps.database.db.execute(sql`
    select (select count(*) from registration_cases where applicant_id = ${id})::int as cases,
           (select admin_activity from applicant_stages where applicant_id = ${id} and stage = 220) as final,
           (select count(*) from applicant_stages where applicant_id = ${id} and admin_activity = 'Reject')::int as rejected`);
  return (rows as unknown as { rows: { cases: number; final: string | null; rejected: number }[] }).rows[0]!;
}

/** The registration steps of this application ever put on the job queue (pg-boss keeps them). */
async function queuedSteps(id: string): Promise<number> {
  const rows = await app.deps.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${REGISTRATION_QUEUE} and data->>'applicantId' = ${id}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const reviewStatus = async (token: string) =>
  (await call<{ status: string }>(app, 'GET', 'get-application-status', { token })).body.data.status;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, `maker.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `checker.${Date.now()}@broker.example`, 'checker');
}, 120_000);
afterAll(() => app.close());

it('refuses a send-back that arrives just after the checker approved, read under the lock', async () => {
  const { id, token } = await awaitingChecker();
  // the maker's send-back reads the application's standing; before it goes on, the checker approves
  const standingOf = standingRepository.standingOf;
  let racing = true;
  standingRepository.standingOf = async (tx, applicantId) => {
    const row = await standingOf.call(standingRepository, tx, applicantId);
    if (racing && applicantId === id) {
      racing = false;
      expect((await bo(checker, `applications/${id}/confirm`)).statusCode).toBe(200);
    }
    return row;
  };
  try {
    const late = await bo(maker, `applications/${id}/decisions`, {
      decisions: [{ stage: 190, activity: 'Reject', reason: 'Segment proof unreadable' }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: false, message: 'This application is not waiting for a decision.' });
  } finally {
    standingRepository.standingOf = standingOf;
  }
  expect(await standing(id)).toEqual({ cases: 1, final: 'Accept', rejected: 0 });
  expect(await reviewStatus(token)).toBe('Approved');
});

it('commits the approval with its review status and registration case, or nothing of it', async () => {
  const { id, token } = await awaitingChecker();
  const registrations = app.deps.registrations;
  const { open, begin } = registrations;
  const broken = async () => {
    throw new Error('the registration case could not be written');
  };
  registrations.open = broken;
  registrations.begin = broken;
  try {
    expect((await bo(checker, `applications/${id}/confirm`)).statusCode).toBe(500);
  } finally {
    registrations.open = open;
    registrations.begin = begin;
  }
  // nothing of the approval stands: still waiting for the checker, who can confirm again
  expect(await standing(id)).toEqual({ cases: 0, final: 'Pending', rejected: 0 });
  expect(await reviewStatus(token)).toBe('Pending');
  const again = await bo(checker, `applications/${id}/confirm`);
  expect(again.statusCode).toBe(200);
  expect(await standing(id)).toEqual({ cases: 1, final: 'Accept', rejected: 0 });
  expect(await reviewStatus(token)).toBe('Approved');
});

// on the embedded database only: on the server-mode suite's shared database every other file's app
// start queues the open registrations it finds (resume), this application's among them
it.skipIf(process.env.TEST_DATABASE_URL)(
  'starts, in the sweep, the registrations of an approval whose first steps were not queued',
  async () => {
    const { id } = await awaitingChecker();
    const registrations = app.deps.registrations;
    const start = registrations.start;
    registrations.start = async () => {
      throw new Error('the job queue is not answering');
    };
    try {
      // the approval stands; its registrations wait
      expect((await bo(checker, `applications/${id}/confirm`)).json()).toMatchObject({ data: { status: 'Approved' } });
    } finally {
      registrations.start = start;
    }
    const list = async () =>
      (
        (
          await app.inject({ url: `/api/v1/backoffice/applications/${id}/registrations`, headers: bearer(checker) })
        ).json() as { data: { kind: string; status: string }[] }
      ).data;
    expect((await list()).every((r) => r.status === 'pending')).toBe(true);
    expect(await queuedSteps(id)).toBe(0);
    // a minute on (an approval in flight is left alone), the sweep starts it
    const now = app.deps.now;
    app.deps.now = () => now() + 120_000;
    try {
      expect(await registrations.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      app.deps.now = now;
    }
    // its first steps are on the job queue now (the worker, where one runs, takes them from there)
    expect(await queuedSteps(id)).toBeGreaterThanOrEqual(2);

    // an approved application whose case is missing altogether gets one
    await app.deps.database.db.execute(sql`delete from registration_cases where applicant_id = ${id}`);
    app.deps.now = () => now() + 120_000;
    try {
      expect(await registrations.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      app.deps.now = now;
    }
    expect((await standing(id)).cases).toBe(1);
  },
);
