/**
 * An application's rule set is stored when it starts, with the rules table's version, rather than
 * worked out again from its start date on every read; and the 2026 nomination rule, which applies
 * to accounts opened from 1 Sep 2026, is checked again when the depository request goes out.
 */
import { REGULATION_VERSION, ruleSetOn } from '@ekyc/contracts/regulation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preCheckProblem } from '../src/modules/registrations/pre-checks.ts';
import { RULE_SET_SECTION } from '../src/records/rule-set.ts';
import type { RegistrationSubject } from '../src/providers/registrations/port.ts';
import { signUp, testApp } from './support/test-app.ts';

describe('the rule set of an application', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  }, 120_000);
  afterAll(() => app.close());

  it('is stored at sign-up with the table version', async () => {
    const { mobile } = await signUp(app);
    const applicant = (await app.deps.records.findByMobile(mobile))!;
    const stored = await app.deps.records.getSection(applicant.id, RULE_SET_SECTION);
    expect(stored).toMatchObject({ moves: [], table_version: REGULATION_VERSION });
    expect(stored!.id).toBe(ruleSetOn(String(stored!.started_on)).id);
  });
});

describe('the depository request checks the nomination rule of its own day', () => {
  const subject = {
    name: 'ASHA KUMARI VERMA',
    address: { line1: '12 MG Road', city: 'Mumbai', state: 'Maharashtra', pincode: '400069' },
    pan: 'ABCPV1234D',
    dob: '15/08/1990',
    mobile: '9876543210',
    email: 'asha@example.com',
    income: '5_10',
    nominees: [],
  } as unknown as RegistrationSubject;
  const facts = (day: string, nominees?: number) => ({
    sharedMobile: 0,
    sharedEmail: 0,
    familyDeclaration: false,
    panVerified: true,
    rules: ruleSetOn(day),
    ...(nominees !== undefined && { nominees }),
  });

  it('holds an account with more nominees than the 2026 norms allow, opened from 1 Sep 2026', () => {
    // an application started under the 2025 rules (ten nominees) and approved late
    expect(preCheckProblem(subject, facts('2026-08-31', 5))).toBeNull();
    expect(preCheckProblem(subject, facts('2026-09-01', 5))).toMatch(/^5 nominees: .* at most 3 \(SEBI circular/);
    expect(preCheckProblem(subject, facts('2026-09-01', 3))).toBeNull();
    // the exchanges' own registrations do not carry the nomination
    expect(preCheckProblem(subject, facts('2026-09-01'))).toBeNull();
  });

  it('refuses the placeholder contacts of the table in force', () => {
    expect(preCheckProblem({ ...subject, mobile: '1111100000' }, facts('2026-09-01'))).toBe(
      'Mobile number is missing or a placeholder',
    );
    expect(preCheckProblem({ ...subject, email: 'NotProvided@example.com' }, facts('2026-09-01'))).toBe(
      'Email address is missing or a placeholder',
    );
  });
});
