/**
 * The queue finds an application by its id, the applicant's e-mail and its BO id as well as by
 * name, mobile digits, PAN and client code; each staff member keeps saved views of the queue that
 * no one else sees.
 */
import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
const PASSWORD = 'Search-Desk-Passphrase-5521';

async function staff(email: string, name: string) {
  const made = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/staff',
    payload: { email, name, role: 'reviewer', password: PASSWORD },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/backoffice/login',
    payload: { email, password: PASSWORD },
  });
  return {
    id: (made.json() as { data: { id: string } }).data.id,
    token: (login.json() as { data: { token: string } }).data.token,
  };
}

async function bo<T>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: object; query?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url: `/api/v1/backoffice/${path}`,
    query: options.query,
    headers: bearer(token),
    ...(options.body && { payload: options.body }),
  });
  return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
}

async function seed(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: STAGE.STATUS,
      email,
      sections: {
        pan_obj: { full_name: 'MEERA IYER', name_on_card: 'MEERA IYER', pan_number: 'ABCPI5678K', dob: '01/02/1990' },
      },
    },
  });
  return (res.json() as { data: { applicant_id: string } }).data.applicant_id;
}

let priya: { id: string; token: string };
let mohan: { id: string; token: string };
let first: string;
let second: string;

beforeAll(async () => {
  app = await testApp();
  priya = await staff('priya.search@broker.example', 'Priya Search');
  mohan = await staff('mohan.search@broker.example', 'Mohan Search');
  first = await seed('meera.iyer@example.com');
  second = await seed('someone.else@example.com');
}, 120_000);
afterAll(() => app.close());

const found = async (q: string) =>
  (await bo<{ items: { id: string }[] }>(priya.token, 'GET', 'applications', { query: { q } })).body.data.items.map(
    (i) => i.id,
  );

describe('search', () => {
  it('finds an application by its id', async () => {
    expect(await found(first)).toEqual([first]);
    expect(await found(first.toUpperCase())).toEqual([first]);
  });

  it("finds an application by the applicant's e-mail, whatever its case, and no other", async () => {
    expect(await found('Meera.Iyer@Example.com')).toEqual([first]);
    expect(await found('nobody@example.com')).toEqual([]);
  });

  it('finds an activated application by its BO id (CDSL and NSDL forms)', async () => {
    await app.deps.database.db
      .execute(sql`insert into registration_cases (applicant_id, client_code, depository, bo_id, exchanges, segments)
      values (${second}::uuid, 'SRCH0001', 'cdsl', '1208160012345678', '{NSE}', '{equity}')`);
    expect(await found('1208160012345678')).toEqual([second]);
    await app.deps.database.db.execute(
      sql`update registration_cases set bo_id = 'IN30012345678901' where applicant_id = ${second}::uuid`,
    );
    expect(await found('in300123 45678901')).toEqual([second]);
    expect(await found('1208160012345678')).toEqual([]);
  });

  it('still finds by name', async () => {
    const ids = await found('MEERA IYER');
    expect(ids).toContain(first);
    expect(ids).toContain(second);
  });
});

describe('saved views', () => {
  it("saves, lists, replaces and deletes a staff member's own views; another sees none of them", async () => {
    const saved = await bo<{ id: string; name: string; query: Record<string, unknown> }>(priya.token, 'POST', 'views', {
      body: { name: 'My sent back', query: { status: 'Rejected', sort: 'created', dir: 'desc', q: 'meera' } },
    });
    expect(saved.body).toMatchObject({
      status: true,
      data: { name: 'My sent back', query: { status: 'Rejected', sort: 'created', dir: 'desc', q: 'meera' } },
    });
    const again = await bo<{ id: string }>(priya.token, 'POST', 'views', {
      body: { name: 'My sent back', query: { status: 'Pending' } },
    });
    expect(again.body.data.id).toBe(saved.body.data.id);
    const mine = await bo<{ name: string; query: { status?: string } }[]>(priya.token, 'GET', 'views');
    expect(mine.body.data).toEqual([
      expect.objectContaining({ name: 'My sent back', query: expect.objectContaining({ status: 'Pending' }) }),
    ]);

    const theirs = await bo<unknown[]>(mohan.token, 'GET', 'views');
    expect(theirs.body.data).toEqual([]);
    const notTheirs = await bo(mohan.token, 'POST', `views/${saved.body.data.id}/delete`);
    expect(notTheirs.statusCode).toBe(404);

    const deleted = await bo(priya.token, 'POST', `views/${saved.body.data.id}/delete`);
    expect(deleted.statusCode).toBe(200);
    expect((await bo<unknown[]>(priya.token, 'GET', 'views')).body.data).toEqual([]);
  });

  it('keeps the search sealed at rest', async () => {
    await bo(priya.token, 'POST', 'views', { body: { name: 'By PAN', query: { q: 'ABCPI5678K' } } });
    const rows = await app.deps.database.db.execute(sql`select query_enc from backoffice_saved_views`);
    expect(JSON.stringify(rows)).not.toContain('ABCPI5678K');
  });

  it('refuses a view without a name or with an unknown filter value, naming the field', async () => {
    const noName = await bo(priya.token, 'POST', 'views', { body: { name: ' ', query: {} } });
    expect(noName.statusCode).toBe(400);
    expect(noName.body.message).toContain('name');
    const badStatus = await bo(priya.token, 'POST', 'views', { body: { name: 'x', query: { status: 'Lost' } } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body.message).toContain('status');
  });
});
