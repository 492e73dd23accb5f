/**
 * Session lifetimes per kind (applicant, staff), the cap on concurrent sessions and on sockets per
 * session, and file links bound to the session that asked for them.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config.ts';
import { sessions } from '../src/db/schema/core.ts';
import { bearer, call, signUp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SOCKETS_PER_SESSION: '2' });
});
afterAll(() => app.close());

/** Leaves a session untouched for `minutes`, as if its owner had walked away. */
async function idleFor(token: string, minutes: number) {
  const rows = await app.deps.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, app.deps.hasher.hash('token', token)))
    .returning({ id: sessions.id });
  app.deps.sessions.forget(rows[0]!.id);
}

let staffCount = 0;
async function staffMember(): Promise<{ email: string; password: string }> {
  staffCount += 1;
  const member = {
    email: `session.${process.pid}.${staffCount}.${Date.now()}@broker.example`,
    password: 'tidal-quokka-marmalade-47',
  };
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/staff',
    payload: { ...member, name: 'Sam Reviewer', role: 'reviewer' },
  });
  expect(res.statusCode).toBe(200);
  return member;
}

async function staffLogin(member: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/backoffice/login', payload: member });
  const token = (res.json() as { data: { token?: string } }).data.token;
  if (!token) throw new Error(`staff login refused: ${res.body}`);
  return token;
}

const staffMe = async (token: string) =>
  (await app.inject({ url: '/api/v1/backoffice/me', headers: bearer(token) })).statusCode;
const details = async (token: string) => (await call(app, 'GET', 'get-user-details', { token })).statusCode;

describe('session lifetimes', () => {
  it('default to 30 minutes idle and 12 hours absolute for staff, 30 minutes and 24 hours for applicants', () => {
    const { session } = loadConfig({ DATA_DIR: 'memory://' });
    expect(session.staff).toEqual({ idleSeconds: 1800, absoluteSeconds: 12 * 3600, maxConcurrent: 2 });
    expect(session.applicant).toEqual({ idleSeconds: 1800, absoluteSeconds: 24 * 3600, maxConcurrent: 3 });
    expect(session.socketsPerSession).toBe(4);
  });

  it('end a staff session after 30 idle minutes', async () => {
    const token = await staffLogin(await staffMember());
    await idleFor(token, 29);
    expect(await staffMe(token)).toBe(200);
    await idleFor(token, 31);
    expect(await staffMe(token)).toBe(401);
  });

  it('give a staff session 12 hours at most', async () => {
    const token = await staffLogin(await staffMember());
    const [row] = await app.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, app.deps.hasher.hash('token', token)));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 12 * 3600_000)).toBeLessThan(60_000);
  });

  it('end an applicant session after 30 idle minutes', async () => {
    const { token } = await signUp(app);
    await idleFor(token, 31);
    expect(await details(token)).toBe(401);
  });
});

describe('concurrent sessions', () => {
  it('a third staff sign-in ends the oldest of the two allowed', async () => {
    const member = await staffMember();
    const first = await staffLogin(member);
    const second = await staffLogin(member);
    const third = await staffLogin(member);
    expect(await staffMe(first)).toBe(401);
    expect(await staffMe(second)).toBe(200);
    expect(await staffMe(third)).toBe(200);
  });

  it('a fourth applicant sign-in ends the oldest of the three allowed', async () => {
    const mobile = uniqueMobile();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i += 1) tokens.push((await signUp(app, mobile)).token);
    expect(await details(tokens[0]!)).toBe(401);
    for (const token of tokens.slice(1)) expect(await details(token)).toBe(200);
  });
});

describe('sockets per session', () => {
  async function open(
    token: string,
    on: FastifyInstance = app,
  ): Promise<{ socket: WebSocket; first: Promise<string | number> }> {
    if (!on.server.listening) await on.listen({ port: 0, host: '127.0.0.1' });
    const { port } = on.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/user_profile/?token=${token}`);
    // the user details record when accepted, or the close code when refused
    const first = new Promise<string | number>((resolve) => {
      socket.on('message', (m: Buffer) => {
        if ((JSON.parse(m.toString()) as { data?: unknown }).data) resolve('accepted');
      });
      socket.once('close', (code) => resolve(code));
    });
    return { socket, first };
  }

  /**
   * The session behind the token ends `window` ms from now, by its absolute or its idle expiry (the
   * idle one with its last use `idle - window` ago, under the 60 s after which a use is written
   * again); returns the last use as set.
   */
  async function endingIn(on: FastifyInstance, token: string, by: 'absolute' | 'idle', window: number) {
    const tokenHash = on.deps.hasher.hash('token', token);
    const end = Date.now() + window;
    const lastSeenAt = new Date(end - on.deps.config.session.applicant.idleSeconds * 1000);
    const [row] = await on.deps.database.db
      .update(sessions)
      .set(by === 'absolute' ? { expiresAt: new Date(end) } : { lastSeenAt })
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ id: sessions.id });
    on.deps.sessions.forget(row!.id);
    return { id: row!.id, lastSeenAt };
  }

  /**
   * A socket open when its session expires is closed with 4001. When the machine is slow enough
   * that the session ended before the socket opened (refused), or the opening counted as a use
   * (idle), the attempt is made again with twice the time.
   */
  async function expiresOpen(on: FastifyInstance, by: 'absolute' | 'idle') {
    for (let window = 1000; window < 60_000; window *= 2) {
      const { token } = await signUp(on);
      const set = await endingIn(on, token, by, window);
      const { socket, first } = await open(token, on);
      const after: unknown[] = [];
      socket.on('message', (m: Buffer) => after.push(JSON.parse(m.toString())));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      if ((await first) !== 'accepted') continue;
      const [row] = await on.deps.database.db.select().from(sessions).where(eq(sessions.id, set.id));
      if (by === 'idle' && row!.lastSeenAt.getTime() !== set.lastSeenAt.getTime()) {
        socket.close();
        continue;
      }
      expect(await closed).toBe(4001);
      // the last message tells the page to disconnect; nothing came after it
      expect(after.at(-1)).toMatchObject({ disconnect: true });
      expect((await call(on, 'GET', 'get-user-details', { token })).statusCode).toBe(401);
      return;
    }
    throw new Error('no socket could be opened before its session ended');
  }

  it('closes a socket with 4001 when its session reaches its absolute expiry, having pushed nothing after', () =>
    expiresOpen(app, 'absolute'));

  it('closes a socket with 4001 when its session reaches its idle expiry while it is open', async () => {
    const idleApp = await testApp({ SESSION_IDLE_SECONDS: '60' });
    try {
      await expiresOpen(idleApp, 'idle');
    } finally {
      await idleApp.close();
    }
  });

  it('refuses a socket beyond the cap with its own close code, and accepts again once one closes', async () => {
    const { token } = await signUp(app);
    const a = await open(token);
    const b = await open(token);
    expect(await a.first).toBe('accepted');
    expect(await b.first).toBe('accepted');
    const c = await open(token);
    expect(await c.first).toBe(4029);
    const closed = new Promise((resolve) => a.socket.once('close', resolve));
    a.socket.close();
    await closed;
    // the server counts the socket out when it sees the close; a new one is accepted then
    let again = await open(token);
    while ((await again.first) !== 'accepted') again = await open(token);
    b.socket.close();
    again.socket.close();
  });
});

describe('file links', () => {
  async function linkedFile(token: string, applicantId: string): Promise<string> {
    const ref = await app.deps.records.saveFile(applicantId, {
      kind: 'signature',
      contentType: 'image/png',
      bytes: Buffer.from('png'),
    });
    await app.deps.records.seed(applicantId, { signature_obj: { document: ref, upload_type: 'upload' } });
    const res = await call<[{ signature_obj: { document: string } }]>(app, 'GET', 'get-user-details', { token });
    return res.body.data[0].signature_obj.document;
  }

  it('stop working when the session that asked for them signs out', async () => {
    const seeded = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 150 },
    });
    const { token, applicant_id: applicantId } = (seeded.json() as { data: { token: string; applicant_id: string } })
      .data;
    const link = await linkedFile(token, applicantId);
    expect((await app.inject({ url: link })).statusCode).toBe(200);
    expect((await call(app, 'POST', 'logout', { token })).statusCode).toBe(200);
    expect((await app.inject({ url: link })).statusCode).toBe(401);
  });

  it('cannot be moved to another session', async () => {
    const seeded = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 150 },
    });
    const { token, applicant_id: applicantId } = (seeded.json() as { data: { token: string; applicant_id: string } })
      .data;
    const link = await linkedFile(token, applicantId);
    const other = await app.deps.sessions.create('applicant', applicantId);
    expect((await app.inject({ url: link.replace(/sid=[^&]+/, `sid=${other.sessionId}`) })).statusCode).toBe(401);
  });
});
