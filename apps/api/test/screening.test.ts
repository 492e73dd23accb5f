/**
 * Screening against lists and a risk category: the list files imported (the sandbox's UN XML, SEBI
 * and PEP CSVs) on demand and on the schedule; a match at PAN validation and again before approval
 * (a name with its date of birth, a PAN), held for a reviewer; the approval refused until the hit
 * is cleared with a note (audited); the risk category from the rules table in the evidence.
 */
import { ruleSetOn } from '@ekyc/contracts/regulation';
import { STAGE } from '@ekyc/contracts/stages';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListCsv, parseUnConsolidated } from '../src/providers/screening/list-formats.ts';
import { riskCategoryOf } from '../src/records/screening.ts';
import { screeningRepository } from '../src/records/screening.repository.ts';
import { SANDBOX_SEBI_LIST, SANDBOX_UN_LIST } from '../src/sandbox/screening/routes.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { applicantAt } from './support/signing.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

let app: FastifyInstance;
let admin: string;
let maker: string;
let checker: string;
let pans = 6100;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

interface Hit {
  id: string;
  entry: { list: string; ref: string; name: string; date_of_birth: string | null; details: Record<string, string> };
  matched_on: string;
  found_at_step: string;
  status: string;
  note: string | null;
}
interface Screening {
  hits: Hit[];
  risk: { category: string; factors: string[]; rule_set: string } | null;
}
const screeningOf = async (id: string) => data<Screening>(await bo(maker, `applications/${id}/screening`));

/** An applicant through pan-validation with this name and date of birth (DD/MM/YYYY). */
async function validated(name: string, dob: string, pan = panWithDigits(String(pans++))) {
  const applicant = await applicantAt(app, STAGE.PAN);
  const res = await call(app, 'POST', 'pan-validation', {
    token: applicant.token,
    query: { is_ocr: 'false' },
    body: { pan, pan_name: name, date_of_birth: dob },
  });
  return { ...applicant, reply: res.body };
}

/** A signed application whose stages the maker accepted: it waits for the checker. */
async function awaitingConfirmation(pan: { pan_number?: string; full_name: string; dob: string }, personal = {}) {
  const sections = signedSections(pan.pan_number ?? panWithDigits(String(pans++)));
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: 220,
      sections: {
        ...sections,
        pan_obj: { ...sections.pan_obj, ...pan },
        personal_obj: { ...sections.personal_obj, politically_exposed: true, ...personal },
      },
    },
  });
  const id = data<{ applicant_id: string }>(res).applicant_id;
  const accepted = await bo(maker, `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect(accepted.statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true', REGISTRATIONS_WORKER: 'false' });
  admin = await reviewerToken(app, `screening.admin.${Date.now()}@broker.example`, 'admin');
  maker = await reviewerToken(app, `screening.maker.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `screening.checker.${Date.now()}@broker.example`, 'checker');
  const imported = await bo(admin, 'screening/import', {});
  expect(imported.statusCode).toBe(200);
}, 120_000);
afterAll(() => app.close());

describe('the lists', () => {
  it('reads the UN consolidated list (individuals, aliases, a year of birth) and the CSV lists', () => {
    const un = parseUnConsolidated(SANDBOX_UN_LIST);
    expect(un).toEqual([
      {
        ref: 'QDi.901',
        names: ['ZORAWAR QUILLFEATHER', 'Z. QUILLFEATHER'],
        dob: '1980-01-15',
        pan: null,
        details: { list_type: 'Al-Qaida', listed_on: '2019-03-01', nationality: 'Testland' },
      },
      { ref: 'KPi.902', names: ['MARGRAVE TESSELLATE'], dob: '1966', pan: null, details: expect.any(Object) },
    ]);
    const sebi = parseListCsv(SANDBOX_SEBI_LIST);
    expect(sebi[0]).toEqual({
      ref: 'WTM/SANDBOX/2024/01',
      names: ['OSWIN BRACKENRIDGE'],
      dob: null,
      pan: 'AAAPZ4321Q',
      details: { order_date: '2024-03-12', details: 'Restrained from the securities market, 5 years' },
    });
  });

  it('imports each list once; an unchanged file is not imported again, and the schedule takes it up when due', async () => {
    const again = data<{ lists: { list: string; entries: number; changed: boolean }[] }>(
      await bo(admin, 'screening/import', {}),
    );
    // names and aliases are stored one a row: the UN list's two people and an alias
    expect(again.lists).toEqual([
      { list: 'sebi_debarred', entries: 2, changed: false },
      { list: 'un_consolidated', entries: 3, changed: false },
      { list: 'pep', entries: 1, changed: false },
    ]);
    const db = app.deps.database.db;
    const before = (await screeningRepository.lastImport(db, 'un_consolidated'))!.importedAt;
    // not due yet: the sweep reads nothing
    expect(await app.deps.screeningImport.sweep()).toBe(0);
    expect((await screeningRepository.lastImport(db, 'un_consolidated'))!.importedAt).toEqual(before);
    // a day later the lists are read again (unchanged: checked, not replaced)
    const now = app.deps.now;
    app.deps.now = () => now() + 25 * 3600_000;
    try {
      expect(await app.deps.screeningImport.sweep()).toBe(0);
    } finally {
      app.deps.now = now;
    }
    expect((await screeningRepository.lastImport(db, 'un_consolidated'))!.importedAt.getTime()).toBeGreaterThan(
      before.getTime(),
    );
    // only administrators import on demand
    expect((await bo(maker, 'screening/import', {})).statusCode).toBe(403);
  });
});

describe('at PAN validation', () => {
  it('holds a name and date of birth on the UN list for review, with the matched entry; the applicant goes on', async () => {
    const a = await validated('Zorawar Quillfeather', '15/01/1980');
    expect(a.reply).toMatchObject({ status: true });
    const { hits } = await screeningOf(a.id);
    expect(hits).toEqual([
      expect.objectContaining({
        matched_on: 'name_dob',
        found_at_step: 'pan',
        status: 'open',
        entry: expect.objectContaining({ list: 'un_consolidated', ref: 'QDi.901', date_of_birth: '1980-01-15' }),
      }),
    ]);
  });

  it('does not hold the same name with another date of birth, nor another name', async () => {
    expect((await screeningOf((await validated('ZORAWAR QUILLFEATHER', '16/01/1981')).id)).hits).toEqual([]);
    expect((await screeningOf((await validated('KAVYA RAO', '15/01/1980')).id)).hits).toEqual([]);
  });

  it('holds a PAN on SEBI’s debarred list whatever the name', async () => {
    const a = await validated('PRAKASH IYER', '01/02/1985', 'AAAPZ4321Q');
    const { hits } = await screeningOf(a.id);
    expect(hits).toEqual([
      expect.objectContaining({
        matched_on: 'pan',
        entry: expect.objectContaining({
          list: 'sebi_debarred',
          details: expect.objectContaining({ order_date: '2024-03-12' }),
        }),
      }),
    ]);
  });
});

describe('before approval', () => {
  it('screens again, refuses the approval while a hit is open, and approves once a reviewer clears it with a note', async () => {
    // the PEP list's person: not screened at PAN (a fixture), found at the approval
    const id = await awaitingConfirmation({ full_name: 'PERPETUA WINTERBOURNE', dob: '05/05/1975' });
    const refused = await bo(checker, `applications/${id}/confirm`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ data: { screening_hits: 1 } });
    const { hits, risk } = await screeningOf(id);
    expect(hits).toEqual([
      expect.objectContaining({
        matched_on: 'name_dob',
        found_at_step: 'approval',
        entry: expect.objectContaining({ list: 'pep' }),
      }),
    ]);
    expect(risk).toMatchObject({ category: 'high', factors: ['screening_hit'] });

    // a note is required; compliance reads but does not decide
    const hit = hits[0]!.id;
    expect((await bo(maker, `applications/${id}/screening/hits/${hit}`, { outcome: 'cleared' })).statusCode).toBe(400);
    const compliance = await reviewerToken(app, `screening.compliance.${Date.now()}@broker.example`, 'compliance');
    expect(
      (await bo(compliance, `applications/${id}/screening/hits/${hit}`, { outcome: 'cleared', note: 'Not the same' }))
        .statusCode,
    ).toBe(403);
    const cleared = await bo(maker, `applications/${id}/screening/hits/${hit}`, {
      outcome: 'cleared',
      note: 'Different person: father’s name and address differ from the PEP record',
    });
    expect(cleared.statusCode).toBe(200);
    expect(data<Screening>(cleared)).toMatchObject({
      hits: [{ status: 'cleared', note: 'Different person: father’s name and address differ from the PEP record' }],
      risk: { category: 'low', factors: [] },
    });
    expect(
      (await bo(maker, `applications/${id}/screening/hits/${hit}`, { outcome: 'confirmed', note: 'Again' })).statusCode,
    ).toBe(409);

    const audit = data<{ entries: { action: string; after: unknown }[] }>(await bo(maker, `applications/${id}/audit`));
    const entry = audit.entries.find((e) => e.action === 'screening.hit_cleared');
    expect(entry?.after).toMatchObject({ status: 'cleared', list: 'pep', ref: 'PEP-SBX-1' });
    // the note is sealed in the hit, not written into the audit trail
    expect(JSON.stringify(audit.entries)).not.toContain('father’s name');

    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(200);
  });

  it('keeps the approval refused once a hit is confirmed as the listed person', async () => {
    const id = await awaitingConfirmation({ full_name: 'OSWIN BRACKENRIDGE', dob: '10/10/1970' });
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(409);
    const [hit] = (await screeningOf(id)).hits;
    expect(hit).toMatchObject({ matched_on: 'name', entry: { list: 'sebi_debarred' } });
    await bo(maker, `applications/${id}/screening/hits/${hit!.id}`, {
      outcome: 'confirmed',
      note: 'PAN and name match the order',
    });
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(409);
    expect((await screeningOf(id)).risk?.category).toBe('high');
  });
});

describe('the risk category', () => {
  it('follows the rules table: a declared PEP or a hit is high, an occupation or income it names is medium, else low', () => {
    const rules = ruleSetOn('2026-12-01');
    expect(riskCategoryOf(rules, ['pep_declared'])).toBe('high');
    expect(riskCategoryOf(rules, ['occupation'])).toBe('medium');
    expect(riskCategoryOf(rules, ['income', 'screening_hit'])).toBe('high');
    expect(riskCategoryOf(rules, [])).toBe('low');
  });

  it('is recorded at the approval and in the evidence bundle', async () => {
    const id = await awaitingConfirmation({ full_name: 'MEERA PILLAI', dob: '03/03/1988' }, { occupation: 'business' });
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(200);
    expect((await screeningOf(id)).risk).toMatchObject({ category: 'medium', factors: ['occupation'] });
    const res = await bo(admin, `applications/${id}/evidence-bundle`);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const screening = JSON.parse(strFromU8(files['screening.json']!)) as Screening;
    expect(screening).toMatchObject({ hits: [], risk: { category: 'medium', factors: ['occupation'] } });
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { files: { name: string }[] };
    expect(manifest.files.map((f) => f.name)).toContain('screening.json');
  });
});
