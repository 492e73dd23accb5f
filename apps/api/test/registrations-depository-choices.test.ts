/**
 * An approved application's BSDA choice, DDPI, minor nominee (with guardian) and family declaration
 * reach the depository's file as sent (the stored request evidence), and the sandbox depository,
 * reading it with its own parser, accepts it: CDSL's harmonised batch and NSDL's account opening
 * body. Tests wait for the registration, never sleep.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/sandbox/registrations/cdsl-harmonised.ts';
import { approvedApplicant, panWithDigits, signedSections } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 45_000, interval: 100 };

function choices(pan: string) {
  const base = signedSections(pan);
  return {
    pan_obj: { ...base.pan_obj, aadhaar_seeding: 'Y' },
    personal_obj: {
      ...base.personal_obj,
      family_declaration: true,
      family_relation: 'spouse',
      family_holder_name: 'RAJ',
    },
    _demat_choice: {
      account_type: 'bsda',
      holds_other_demat: false,
      ddpi: { opted: true, purposes: ['settlement'], opted_at: '2026-11-20T10:00:00.000Z' },
    },
    // the DDPI's own document, signed: only this gives the depository a DDPI (records/ddpi.ts)
    _ddpi: {
      reference: 'DDPI4411ABCD',
      purposes: ['settlement'],
      rule_set: '2026-11-18',
      generated_doc: { $file: '00000000-0000-4000-8000-000000000001' },
      signed_document: { $file: '00000000-0000-4000-8000-000000000002' },
      signed_at: '2026-11-22T10:00:00.000Z',
      source: 'account_opening',
    },
    nominee_obj: {
      nominee_list: [
        {
          first_name: 'ANU',
          last_name: 'VERMA',
          nominee_relation: 'Daughter',
          percentage_share: '100',
          dob: '02/01/2019',
          is_minor: true,
          gaurdian_name: 'Sita Verma',
          address: '12, MG Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400069',
        },
      ],
    },
  };
}

async function sentRequest(app: FastifyInstance, applicantId: string, kind: string): Promise<string> {
  const { rows } = (await app.deps.database.db.execute(
    sql`select body_enc from registration_evidence where applicant_id = ${applicantId} and kind = ${kind} and direction = 'request' order by id`,
  )) as unknown as { rows: { body_enc: string }[] };
  return app.deps.cipher.decrypt(rows[0]!.body_enc);
}

describe('the depository choices reach the CDSL file', () => {
  let app: FastifyInstance;
  let reviewer: string;
  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    reviewer = await reviewerToken(app, 'registrations.cdsl.choices@broker.example');
  }, 120_000);
  afterAll(() => app.close());

  it('BSDA, DDPI, the minor nominee with guardian and the family declaration are in the accepted batch', async () => {
    const pan = panWithDigits('4411');
    const a = await approvedApplicant(app, { pan, reviewer, sections: choices(pan) });
    await expect
      .poll(async () => (await a.registrations()).find((r) => r.kind === 'bo_cdsl')?.status, WAIT)
      .toBe('accepted');
    const batch = JSON.parse(await sentRequest(app, a.id, 'bo_cdsl')) as { file: string };
    const [header, ...rows] = parseCsv(batch.file).filter((r) => r.some(Boolean));
    const named = rows.map((r) => Object.fromEntries(header!.map((c, i) => [c, r[i] ?? ''])));
    expect(named.map((r) => r.Purpse)).toEqual(['FH', 'FH', 'NM', 'NMG', 'POALB']);
    expect(named[0]).toMatchObject({
      BSDAFlg: 'BSDA',
      PANVrfyFlg: 'PANVAL',
      FmlyFlgForEmailAdr: 'SPOUSE',
      Gndr: 'FMALE',
    });
    expect(named[2]).toMatchObject({ FrstNm: 'ANU VERMA', NmneeMnrInd: 'YES', BirthDt: '2019-01-02', PurpCd: 'NOMAD' });
    expect(named[3]).toMatchObject({ FrstNm: 'SITA VERMA' });
    expect(named[4]).toMatchObject({ POAOrDDPITp: 'DDPI', SetUpDt: '2026-11-22' });
  }, 60_000);
});

describe('the depository choices reach the NSDL body', () => {
  let app: FastifyInstance;
  let reviewer: string;
  beforeAll(async () => {
    app = await testApp({
      REGISTRATIONS_SANDBOX_DELAY_MS: '300',
      REGISTRATIONS_WORKER: 'true',
      REGISTRATIONS_DEPOSITORY: 'NSDL',
      // an embedded database of its own, also in the server-mode run: there the job queue is shared,
      // and another file's registrations worker (depository CDSL) would take this file's NSDL step
      // and send CDSL's batch, as this worker would take theirs
      ...(process.env.TEST_DATABASE_URL && { DATABASE_URL: '', REDIS_URL: '' }),
    });
    reviewer = await reviewerToken(app, 'registrations.nsdl.choices@broker.example');
  }, 120_000);
  afterAll(() => app.close());

  it('the DDPI id, the minor nominee with guardian and the family declaration are in the accepted body', async () => {
    const pan = panWithDigits('4412');
    const a = await approvedApplicant(app, { pan, reviewer, sections: choices(pan) });
    await expect
      .poll(async () => (await a.registrations()).find((r) => r.kind === 'bo_nsdl')?.status, WAIT)
      .toBe('accepted');
    const body = JSON.parse(await sentRequest(app, a.id, 'bo_nsdl')) as {
      instr: {
        beneficiaryDetails: {
          primaryBeneficiary: Record<string, unknown>;
          additionalBeneDetails: { familyEmailFlag: string; listOfNominees: Record<string, unknown>[] };
        };
      };
    };
    const details = body.instr.beneficiaryDetails;
    expect(details.primaryBeneficiary).toMatchObject({ ddpiid: 'DDPI0000001', gender: '2' });
    expect(details.additionalBeneDetails.familyEmailFlag).toBe('Y');
    expect(details.additionalBeneDetails.listOfNominees[0]).toMatchObject({
      minor: 'Y',
      dob: '20190102',
      guardianName: 'SITA VERMA',
    });
  }, 60_000);
});
