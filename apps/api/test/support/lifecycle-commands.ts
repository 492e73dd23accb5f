/**
 * The lifecycle model test's commands (fast-check's model-based testing): the maker accepts, sends
 * back (one stage, or two in one decision) and withdraws; the checker confirms or returns it to the
 * maker; a supervisor reopens a closed application; the applicant resubmits the stage sent back (the
 * same data, or another bank account), signs a changed form again or tries a step of another stage;
 * the system sweeps, closes a send-back left unanswered past its expiry (embedded database only) and
 * runs the registrations of an approved application to the end. A command with nothing to do makes
 * no call; one that made its call is counted and checked (holds(), lifecycle-model.ts).
 */
import { STAGE } from '@ekyc/contracts/stages';
import fc from 'fast-check';
import { expect } from 'vitest';
import { actors, commandsRun, count, holds, type Model, type Real, signingAgain } from './lifecycle-model.ts';
import { sign } from './signing.ts';
import { bearer, call } from './test-app.ts';

/** The sandbox e-sign records no signer-name check: accepting a stage against a check not run needs a note. */
const ACCEPT_NOTE = 'Checked by the reviewer';

export const DECIDABLE = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

const bo = (token: string, id: string, path: string, payload?: object, via = actors.app) =>
  via.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${id}/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

/** What a command answers when it had nothing to do and made no call: the state read last still stands. */
const UNTOUCHED = Symbol('untouched');
type Cmd = fc.AsyncCommand<Model, Real>;
const command = (name: string, run: (m: Model, r: Real) => Promise<void | typeof UNTOUCHED>): Cmd => ({
  check: () => true,
  run: async (m, r) => {
    if ((await run(m, r)) === UNTOUCHED) return;
    count(commandsRun, name);
    await holds(m, r);
  },
  toString: () => name,
});

export const acceptAll = () =>
  command('maker accepts every pending stage', async (m, r) => {
    const { pending, ...state } = r.state;
    if (!pending.length) return UNTOUCHED;
    const res = await bo(actors.maker, r.id, 'decisions', {
      decisions: pending.map((stage) => ({ stage, activity: 'Accept', note: ACCEPT_NOTE })),
    });
    // nothing to decide while the applicant signs a changed form again
    expect(res.statusCode).toBe(m.approved || signingAgain(state) ? 409 : 200);
    if (res.statusCode === 200) r.moved = 'decide';
  });

export const sendBack = (stage: number) =>
  command(`maker sends ${stage} back`, async (m, r) => {
    const before = r.state;
    const res = await bo(actors.maker, r.id, 'decisions', {
      decisions: [{ stage, activity: 'Reject', reason: 'Please correct this step' }],
    });
    // an approved application takes no decision; a stage already sent back, or a changed form
    // to sign again, is the applicant's
    const theirs = before.rejected.includes(stage) || signingAgain(before);
    expect(res.statusCode).toBe(m.approved || theirs ? 409 : 200);
    if (res.statusCode === 200) r.moved = 'decide';
  });

/** Two stages sent back in one decision: the earlier becomes current, the later waits. */
export const sendBackTwo = ([first, second]: [number, number]) =>
  command(`maker sends ${first} and ${second} back together`, async (m, r) => {
    const before = r.state;
    if (before.rejected.includes(first) || before.rejected.includes(second)) return UNTOUCHED;
    const res = await bo(actors.maker, r.id, 'decisions', {
      decisions: [first, second].map((stage) => ({ stage, activity: 'Reject', reason: 'Please correct this step' })),
    });
    expect(res.statusCode).toBe(m.approved || signingAgain(before) ? 409 : 200);
    if (res.statusCode === 200) r.moved = 'decide';
  });

export const withdraw = (stage: number) =>
  command(`maker withdraws the send-back of ${stage}`, async (_m, r) => {
    const before = r.state;
    const res = await bo(actors.maker, r.id, 'withdraw-send-back', { stage });
    expect(res.statusCode).toBe(before.rejected.includes(stage) ? 200 : 409);
    if (res.statusCode === 200) r.moved = 'withdraw-send-back';
  });

export const confirm = () =>
  command('checker confirms', async (m, r) => {
    const before = r.state;
    const ready = !m.approved && !before.pending.length && !before.rejected.length && before.current === STAGE.STATUS;
    // four eyes: the maker never may
    expect((await bo(actors.maker, r.id, 'confirm')).statusCode).toBe(ready ? 403 : 409);
    const res = await bo(actors.checker, r.id, 'confirm', undefined, actors.other);
    expect(res.statusCode).toBe(ready ? 200 : 409);
    if (ready) {
      m.approved = true;
      r.moved = 'confirm';
    }
  });

export const resubmit = () =>
  command('applicant resubmits the stage sent back', async (_m, r) => {
    const { rejected, current } = r.state;
    if (!rejected.length) return UNTOUCHED;
    // the e-sign sent back is resubmitted by signing the form prepared now
    if (current === STAGE.ESIGN) await sign(actors.other, { ...r, token: await r.token() });
    else await actors.other.deps.records.completeStage(r.id, current as never);
    r.moved = 'resubmit';
  });

export const changeBank = () =>
  command('applicant gives another bank account in the bank stage sent back', async (_m, r) => {
    const { rejected, current } = r.state;
    if (current !== STAGE.BANK_AND_SEGMENT || !rejected.includes(current)) return UNTOUCHED;
    const account = `5010${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    await actors.other.deps.records.completeStage(r.id, STAGE.BANK_AND_SEGMENT, {
      sections: {
        bank_obj: { ifsc: 'ICIC0000001', account_number: account, account_type: 'Saving', bank_verify_edit: false },
      },
    });
    r.moved = 'resubmit';
  });

export const signAgain = () =>
  command('applicant signs the changed form again', async (_m, r) => {
    if (!signingAgain(r.state)) return UNTOUCHED;
    await sign(actors.other, { ...r, token: await r.token() });
    r.moved = 'sign';
  });

export const otherStep = () =>
  command('applicant tries the nominee step', async (_m, r) => {
    const { rejected } = r.state;
    const res = await call(actors.other, 'POST', 'update-nominee', {
      token: await r.token(),
      body: { skip_nominee: true },
    });
    // the step to rework: taken, or its rules ask for more (a field error); any other stage's step
    // is refused with the screen of the stage to rework (at the final stage: outside its window)
    if (Math.min(...rejected) === STAGE.NOMINEE) {
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 200 && res.body.status) r.moved = 'resubmit';
    } else expect(res).toMatchObject({ statusCode: 200, body: { status: false, data: { moved: true } } });
  });

/**
 * The maker withdraws the latest send-back (any other stage answers 409): the application stays
 * sent back when an earlier one waits, and is back under review when it was the only one.
 */
export const withdrawLatest = () =>
  command('maker withdraws the latest send-back', async (m, r) => {
    const { rejected } = r.state;
    if (!rejected.length) return UNTOUCHED;
    // that command makes the call, counts it and checks after it
    await withdraw(Math.max(...rejected)).run(m, r);
    return UNTOUCHED;
  });

/**
 * The bank stage and a later one sent back together, another bank account given, the later send-back
 * withdrawn: the rework ends there, and the changed form is signed again (In progress). Each step is
 * a command of its own (counted and checked); at random the three meet too seldom.
 */
export const withdrawAfterChange = () =>
  command(
    `maker sends ${STAGE.BANK_AND_SEGMENT} and ${STAGE.SELFIE} back, the applicant changes the bank account, the maker withdraws ${STAGE.SELFIE}`,
    async (m, r) => {
      if (m.approved || r.state.rejected.length || signingAgain(r.state)) return UNTOUCHED;
      await sendBackTwo([STAGE.BANK_AND_SEGMENT, STAGE.SELFIE]).run(m, r);
      await changeBank().run(m, r);
      await withdrawLatest().run(m, r);
      expect(r.state.standing, 'the changed form to sign again').toBe('In progress');
      return UNTOUCHED;
    },
  );

export const sweep = () =>
  command('system sweeps', async () => {
    await actors.app.deps.registrations.sweep();
  });

/** The registrations' steps in the order the workflow takes them: the depository account, the KRA, the UCCs, CKYC. */
const STEP_ORDER = ['bo_', 'kra', 'ucc_', 'ckyc'];
export const registrationsRun = () =>
  command('system runs the registrations to the end', async (m, r) => {
    if (!m.approved || m.completed) return UNTOUCHED;
    const { registrations, database } = actors.app.deps;
    const statuses = async () =>
      (
        (await database.query('select kind, status from registrations where applicant_id = $1', [r.id])) as {
          rows: { kind: Parameters<typeof registrations.step>[1]; status: string }[];
        }
      ).rows.sort((a, b) => order(a.kind) - order(b.kind));
    const order = (kind: string) => STEP_ORDER.findIndex((p) => kind.startsWith(p));
    // each registration's steps as the queue would run them (a submitted one is asked again)
    for (let round = 0; round < 4 && !(await registrations.summary(r.id))?.completedAt; round++) {
      for (const { kind, status } of await statuses()) if (status !== 'accepted') await registrations.step(r.id, kind);
      await registrations.step(r.id, 'activation');
    }
    // the sandbox registries accept the depository account, the UCCs and the KRA record at once: the
    // application is active (holds() reads it), CKYC may still be under way
    m.completed = true;
    r.moved = 'activate';
  });

/** Waiting for confirmation: the checker returns it to its maker, who hands it over again. */
export const returnToMaker = () =>
  command('checker returns it to the maker, who hands it over again', async (m, r) => {
    // under review with stages still to decide: the maker accepts them first, so that it waits for the checker
    if (!m.approved && !r.state.rejected.length && r.state.current === STAGE.STATUS && r.state.pending.length)
      await acceptAll().run(m, r);
    const before = r.state;
    const waiting = !m.approved && !before.pending.length && !before.rejected.length && before.current === STAGE.STATUS;
    const res = await bo(actors.checker, r.id, 'return-to-maker', { note: 'Please look at the bank proof again' });
    expect(res.statusCode).toBe(waiting ? 200 : 409);
    if (!waiting) return;
    r.moved = 'return-to-maker';
    await holds(m, r);
    // until the maker decides again the checker may not confirm
    expect((await bo(actors.checker, r.id, 'confirm', undefined, actors.other)).statusCode).toBe(409);
    const again = await bo(actors.maker, r.id, 'decisions', {
      decisions: [{ stage: STAGE.BANK_AND_SEGMENT, activity: 'Accept', note: ACCEPT_NOTE }],
    });
    expect(again.statusCode).toBe(200);
    r.moved = 'decide';
  });

/** The supervisor reopens a closed application: it stands as its stages say again. */
async function reopen(m: Model, r: Real) {
  expect((await bo(actors.maker, r.id, 'reopen', { note: 'Reopened by mistake' })).statusCode).toBe(403);
  const res = await bo(
    actors.supervisor,
    r.id,
    'reopen',
    { note: 'The applicant asked us to look again' },
    actors.other,
  );
  expect(res.statusCode).toBe(200);
  m.closed = false;
  r.moved = 'reopen';
}

/** A final rejection (Pending or sent back only), then the supervisor's reopening. */
export const closeAndReopen = () =>
  command('maker rejects it finally, a supervisor reopens it', async (m, r) => {
    const before = r.state;
    const closable = !m.approved && (before.standing === 'Pending' || before.standing === 'Rejected');
    const res = await bo(actors.maker, r.id, 'close', { code: 'NOT_ELIGIBLE' });
    expect(res.statusCode).toBe(closable ? 200 : 409);
    if (!closable) return;
    m.closed = true;
    r.moved = 'close';
    await holds(m, r);
    // a closed application takes no decision
    expect(
      (await bo(actors.maker, r.id, 'decisions', { decisions: [{ stage: STAGE.PAN, activity: 'Accept' }] })).statusCode,
    ).toBe(409);
    await reopen(m, r);
  });

/**
 * A send-back left unanswered past SEND_BACK_EXPIRY_DAYS is closed by the sweep, then reopened. The
 * sweep closes every application sent back that long: on the embedded database only, where this
 * file's applicants are the only ones.
 */
export const expireAndReopen = () =>
  command('the send-back expires unanswered, a supervisor reopens it', async (m, r) => {
    if (m.approved || !r.state.rejected.length) return UNTOUCHED;
    const days = actors.app.deps.config.backoffice.sendBackExpiryDays + 1;
    await actors.app.deps.sendBackExpiry.sweep(new Date(Date.now() + days * 86_400_000));
    m.closed = true;
    r.moved = 'expire';
    await holds(m, r);
    await reopen(m, r);
  });

const stage = fc.constantFrom(...DECIDABLE);
export const commands = [
  fc.constant(acceptAll()),
  stage.map(sendBack),
  // the bank stage more often: its rework may change what the signed form prints
  fc.constant(sendBack(STAGE.BANK_AND_SEGMENT)),
  fc
    .uniqueArray(stage, { minLength: 2, maxLength: 2 })
    .map(([a, b]) => sendBackTwo([Math.min(a!, b!), Math.max(a!, b!)])),
  stage.map(withdraw),
  // twice: a withdrawal that leaves another send-back waiting needs two sent back first
  fc.constant(withdrawLatest()),
  fc.constant(withdrawLatest()),
  fc.constant(confirm()),
  fc.constant(resubmit()),
  // twice, as the bank's send-back above: the one way here to change what the signed form prints
  fc.constant(changeBank()),
  fc.constant(changeBank()),
  fc.constant(signAgain()),
  fc.constant(otherStep()),
  fc.constant(sweep()),
  fc.constant(registrationsRun()),
  fc.constant(returnToMaker()),
  fc.constant(withdrawAfterChange()),
  fc.constant(closeAndReopen()),
  ...(process.env.TEST_DATABASE_URL ? [] : [fc.constant(expireAndReopen())]),
];
