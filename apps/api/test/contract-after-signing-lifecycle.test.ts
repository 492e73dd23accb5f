/**
 * CONTRACT.md "After the applicant signs" and spec section 4 (status screen): the review status
 * goes Pending → Approved (every stage accepted by a reviewer, confirmed by a second staff member:
 * four eyes) → Completed once the registrations the client needs are accepted (exchange UCC, BO
 * account; in the sandbox within seconds), each move audited.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, testApp, uniqueMobile } from './support/test-app.ts';

// the registrations' completion, waited for; a busy machine stretches it well past its usual seconds
const WAIT = { timeout: 45_000, interval: 100 };

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

type Reply<T> = { statusCode: number; body: { status: boolean; message: string; data: T } };

function client(app: FastifyInstance) {
  const bo = async <T = Record<string, unknown>>(
    token: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/backoffice/${path}`,
      headers: bearer(token),
      ...(body !== undefined && { payload: body }),
    });
    return { statusCode: res.statusCode, body: res.json() } as Reply<T>;
  };
  const staff = async (email: string, role: StaffRole = 'reviewer') => {
    const password = 'lifecycle staff pass 1';
    await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/staff',
      payload: { email, name: 'Staff Member', role, password },
    });
    const res = await app.inject({ method: 'POST', url: '/api/v1/backoffice/login', payload: { email, password } });
    return (res.json() as { data: { token: string } }).data.token;
  };
  const signed = async () => {
    const mobile = uniqueMobile();
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile, stage: STAGE.STATUS, sections: signedSections(panWithDigits('2468')) },
    });
    const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
    return { token: data.token, id: data.applicant_id, mobile };
  };
  const status = async (token: string) =>
    (
      await call<{ status: string; text: string; client_code: string | null; bo_id: string | null }>(
        app,
        'GET',
        'get-application-status',
        {
          token,
        },
      )
    ).body;
  const acceptAll = (token: string, id: string) =>
    bo<{ status: string; awaiting_confirmation: boolean }>(token, 'POST', `applications/${id}/decisions`, {
      decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
    });
  const audit = async (token: string, id: string) =>
    (
      await bo<{ entries: { action: string; actor: string; after: unknown }[] }>(
        token,
        'GET',
        `applications/${id}/audit`,
      )
    ).body.data.entries;
  return { bo, staff, signed, status, acceptAll, audit };
}

describe('After the applicant signs, with four eyes (FOUR_EYES=true)', () => {
  let app: FastifyInstance;
  let c: ReturnType<typeof client>;
  let maker: string;
  let checker: string;
  beforeAll(async () => {
    app = await testApp({ FOUR_EYES: 'true', REGISTRATIONS_WORKER: 'true' });
    c = client(app);
    maker = await c.staff('maker.lifecycle@broker.example');
    checker = await c.staff('checker.lifecycle@broker.example', 'checker');
  }, 120_000);
  afterAll(() => app.close());

  it('stays Pending once the maker accepts every stage, and refuses the same person as checker', async () => {
    const applicant = await c.signed();
    expect(await c.status(applicant.token)).toMatchObject({
      status: true,
      message: MSG.statusUnderReview,
      data: { status: 'Pending', text: MSG.statusUnderReview },
    });
    const accepted = await c.acceptAll(maker, applicant.id);
    expect(accepted.body.data).toMatchObject({ status: 'Pending', awaiting_confirmation: true });
    expect((await c.status(applicant.token)).data).toMatchObject({ status: 'Pending', text: MSG.statusUnderReview });

    const view = await c.bo<{ approval: unknown }>(maker, 'GET', `applications/${applicant.id}`);
    expect(view.body.data.approval).toEqual({
      step: 'confirm',
      four_eyes: true,
      makers: ['maker.lifecycle@broker.example'],
      can_act: false,
    });

    const self = await c.bo(maker, 'POST', `applications/${applicant.id}/confirm`);
    expect(self.statusCode).toBe(403);
    expect(self.body).toMatchObject({ status: false, data: { four_eyes: true } });
    expect((await c.status(applicant.token)).data.status).toBe('Pending');
    // Nothing is registered before the approval.
    expect((await c.bo<unknown[]>(maker, 'GET', `applications/${applicant.id}/registrations`)).body.data).toEqual([]);
  });

  it('turns Approved with the spec text when a second staff member confirms, then Completed once registered', async () => {
    const applicant = await c.signed();
    await c.acceptAll(maker, applicant.id);

    // A reviewer who took no part is still not a checker: the role of its own confirms.
    const otherReviewer = await c.staff('second.reviewer.lifecycle@broker.example');
    const view = await c.bo<{ approval: { can_act: boolean } }>(otherReviewer, 'GET', `applications/${applicant.id}`);
    expect(view.body.data.approval.can_act).toBe(false);
    const refused = await c.bo(otherReviewer, 'POST', `applications/${applicant.id}/confirm`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Four eyes: only a checker or an administrator can confirm an approval.',
    });
    expect((await c.status(applicant.token)).data.status).toBe('Pending');

    const confirmed = await c.bo(checker, 'POST', `applications/${applicant.id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: true, data: { status: 'Approved' } });
    expect(await c.status(applicant.token)).toMatchObject({
      message: MSG.statusVerified,
      data: { status: 'Approved', text: MSG.statusVerified, account_active: false, client_code: null, bo_id: null },
    });
    // the queue shows it approved, or already Completed: on a shared server database the
    // registrations worker of another file may take its first steps at once
    const queue = await c.bo<{ items: { id: string; status: string }[] }>(
      checker,
      'GET',
      `applications?q=${applicant.mobile}`,
    );
    expect(['Approved', 'Completed']).toContain(queue.body.data.items.find((i) => i.id === applicant.id)?.status);
    // Approved applications take no more stage decisions, and are confirmed once.
    expect((await c.acceptAll(maker, applicant.id)).statusCode).toBe(409);
    expect((await c.bo(checker, 'POST', `applications/${applicant.id}/confirm`)).statusCode).toBe(409);

    // The registrations run (sandbox: accepted within seconds): Completed with client code and BO id.
    await expect.poll(async () => (await c.status(applicant.token)).data.status, WAIT).toBe('Completed');
    const done = await c.status(applicant.token);
    expect(done).toMatchObject({
      message: MSG.statusActive,
      data: { status: 'Completed', text: MSG.statusActive, account_active: true },
    });
    expect(done.data.client_code).toMatch(/^EK[A-Z2-9]{8}$/);
    expect(done.data.bo_id).toHaveLength(16);
    const listed = await c.bo<{ items: { id: string; status: string; client_code: string | null }[] }>(
      checker,
      'GET',
      // found by its mobile: a database shared with other files holds more Completed than one page
      `applications?status=Completed&q=${applicant.mobile}`,
    );
    expect(listed.body.data.items.find((i) => i.id === applicant.id)?.client_code).toBe(done.data.client_code);

    const trail = await c.audit(checker, applicant.id);
    const moves = trail
      .slice(trail.findIndex((e) => e.action === 'application.approved'))
      .filter((e) => ['application.approved', 'application.activated', 'review.status'].includes(e.action));
    // Completed is the system's move, once the exchanges and the depository accepted the registrations.
    expect(moves.map((e) => [e.action, e.actor])).toEqual([
      ['application.approved', 'checker.lifecycle@broker.example'],
      ['review.status', 'checker.lifecycle@broker.example'],
      ['application.activated', 'system'],
      ['review.status', 'system'],
    ]);
    expect(moves.filter((e) => e.action === 'review.status').map((e) => e.after)).toEqual([
      { status: 'Approved' },
      { status: 'Completed' },
    ]);
  });

  it('refuses to confirm while a stage is not accepted', async () => {
    const applicant = await c.signed();
    await c.bo(maker, 'POST', `applications/${applicant.id}/decisions`, {
      decisions: [{ stage: 110, activity: 'Accept' }],
    });
    const early = await c.bo(checker, 'POST', `applications/${applicant.id}/confirm`);
    expect(early.statusCode).toBe(409);
    expect((await c.status(applicant.token)).data.status).toBe('Pending');
  });
});

describe('After the applicant signs, one person may do both when FOUR_EYES=false', () => {
  let app: FastifyInstance;
  let c: ReturnType<typeof client>;
  let reviewer: string;
  beforeAll(async () => {
    app = await testApp({ FOUR_EYES: 'false', REGISTRATIONS_WORKER: 'true' });
    c = client(app);
    reviewer = await c.staff('solo.lifecycle@broker.example');
  }, 120_000);
  afterAll(() => app.close());

  it('lets the reviewer who accepted the stages confirm the approval; Completed follows the registrations', async () => {
    const applicant = await c.signed();
    await c.acceptAll(reviewer, applicant.id);
    const view = await c.bo<{ approval: { can_act: boolean; four_eyes: boolean } }>(
      reviewer,
      'GET',
      `applications/${applicant.id}`,
    );
    expect(view.body.data.approval).toMatchObject({ four_eyes: false, can_act: true });
    expect((await c.bo(reviewer, 'POST', `applications/${applicant.id}/confirm`)).body.data).toMatchObject({
      status: 'Approved',
    });
    expect((await c.status(applicant.token)).data).toMatchObject({ status: 'Approved', text: MSG.statusVerified });
    await expect.poll(async () => (await c.status(applicant.token)).data.status, WAIT).toBe('Completed');
    expect((await c.status(applicant.token)).data).toMatchObject({ status: 'Completed', text: MSG.statusActive });
  });
});

describe('FOUR_EYES default', () => {
  it('is on outside sandbox mode and off in sandbox mode unless set', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const base = { DATA_DIR: 'memory://', NODE_ENV: 'test' };
    expect(loadConfig({ ...base }).fourEyes).toBe(false);
    expect(loadConfig({ ...base, FOUR_EYES: 'true' }).fourEyes).toBe(true);
    expect(loadConfig({ ...base, EKYC_PROVIDERS: 'production' }).fourEyes).toBe(true);
    expect(loadConfig({ ...base, EKYC_PROVIDERS: 'production', FOUR_EYES: 'false' }).fourEyes).toBe(false);
  });
});
