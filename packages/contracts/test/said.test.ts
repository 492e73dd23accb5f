/**
 * A contracts rule that says a catalogue message names its key on the issue (params.code): the web
 * translates it and the API answers it as the field's code by that key, never by looking its
 * English up. Each kind of Zod issue carries it (a custom rule, a type or enum refusal, a built-in
 * min/max/regex check), and every exported schema, fed junk, raises no catalogue text without it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contactChangeRequestSchema } from '../src/calls/client-contact.ts';
import { updateSegmentRequestSchema } from '../src/calls/update-segment.ts';
import { taxResidencySchema } from '../src/fatca.ts';
import { MSG, type MessageKey } from '../src/messages.ts';
import { agreementSchema, mobileSchema } from '../src/rules.ts';
import { keyOfIssue } from '../src/said.ts';

type Issue = z.core.$ZodIssue;
const issuesOf = (schema: z.core.$ZodType, input: unknown): Issue[] => {
  const parsed = z.safeParse(schema, input);
  return parsed.success ? [] : parsed.error.issues;
};
const said = (issue: Issue | undefined) =>
  issue && { code: issue.code, key: keyOfIssue(issue), message: issue.message };

describe('each kind of issue carries its message key', () => {
  it('a custom rule (said)', () => {
    expect(said(issuesOf(mobileSchema, '12345')[0])).toEqual({
      code: 'custom',
      key: 'mobileStart',
      message: MSG.mobileStart,
    });
  });

  it('a type refusal: a missing value says the rule’s required message by its key', () => {
    expect(said(issuesOf(mobileSchema, undefined)[0])).toEqual({
      code: 'invalid_type',
      key: 'mobileRequired',
      message: MSG.mobileRequired,
    });
    expect(said(issuesOf(agreementSchema, false)[0])).toMatchObject({
      key: 'agreeRequired',
      message: MSG.agreeRequired,
    });
  });

  it('a built-in check keeps Zod’s own issue and gains the key', () => {
    const tooLong = issuesOf(taxResidencySchema, { country: 'US', tin: 'A'.repeat(26) });
    expect(said(tooLong.find((i) => i.path[0] === 'tin'))).toEqual({
      code: 'too_big',
      key: 'tinInvalid',
      message: MSG.tinInvalid,
    });
    const badPattern = issuesOf(taxResidencySchema, { country: 'US', tin: 'A B' });
    expect(said(badPattern.find((i) => i.path[0] === 'tin'))).toEqual({
      code: 'invalid_format',
      key: 'tinInvalid',
      message: MSG.tinInvalid,
    });
  });

  it('an enum refusal and a rule choosing between two messages', () => {
    const issues = issuesOf(contactChangeRequestSchema, {
      field: 'email',
      value: 'ravi.new@example.in',
      otp_old: '123456',
      otp_new: '654321',
      family_holder_name: 'Ravi',
    });
    expect(said(issues.find((i) => i.path[0] === 'family_relation'))).toMatchObject({
      key: 'familyRelationRequired',
      message: MSG.familyRelationRequired,
    });
  });

  it('a financial proof’s rule, shared by the web, names its key', () => {
    const schema = updateSegmentRequestSchema({ now: () => new Date('2026-12-05T10:00:00Z') });
    const issues = issuesOf(schema, {
      segments: ['equity_derivatives_1'],
      upload_prccess_by: 'manual',
      financial_proof_option: 'demat_holding',
      document: 'data:application/pdf;base64,JVBERi0=',
      document_type: 'pdf',
      holding_value: '20000',
    });
    expect(said(issues.find((i) => i.path[0] === 'holding_value'))).toMatchObject({
      key: 'dematHoldingAbove',
      message: MSG.dematHoldingAbove,
    });
  });
});

// Every exported schema (and every schema factory taking no argument), fed junk: a catalogue
// text on an issue comes with the key whose text it is.
const SRC = path.resolve(import.meta.dirname, '../src');
const SOURCES = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
const isSchema = (v: unknown): v is z.core.$ZodType => typeof v === 'object' && v !== null && '_zod' in v;
function schemasOf(exports: Record<string, unknown>): [string, z.core.$ZodType][] {
  return Object.entries(exports).flatMap(([name, value]): [string, z.core.$ZodType][] => {
    if (isSchema(value)) return [[name, value]];
    if (typeof value !== 'function' || !/Schema$/.test(name)) return [];
    try {
      const made: unknown = value();
      // a factory that needs its argument (a reply's data schema) cannot parse without it
      return isSchema(made) && parses(made) ? [[`${name}()`, made]] : [];
    } catch {
      return [];
    }
  });
}
const JUNK: unknown[] = [undefined, null, 7, true, '', ' ', 'x'.repeat(400), 'A B!', '00-00-0000', [], [7], {}];
const junkObjects = (schema: z.core.$ZodType): unknown[] => {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  return shape ? JUNK.map((junk) => Object.fromEntries(Object.keys(shape).map((k) => [k, junk]))) : [];
};
const parses = (schema: z.core.$ZodType) => {
  try {
    for (const input of [...JUNK, ...junkObjects(schema)]) z.safeParse(schema, input);
    return true;
  } catch {
    return false;
  }
};
const TEXTS = new Set<string>(Object.values(MSG));

it('no exported schema raises a catalogue message without its key', async () => {
  const modules = Object.fromEntries(
    await Promise.all(
      SOURCES.map(async (f) => [f, (await import(path.join(SRC, f))) as Record<string, unknown>] as const),
    ),
  );
  const unkeyed: string[] = [];
  const keys = new Set<MessageKey>();
  const schemas = Object.entries(modules).flatMap(([file, exports]) =>
    schemasOf(exports).map(([name, schema]) => [`${file}: ${name}`, schema] as const),
  );
  expect(schemas.length).toBeGreaterThan(100);
  for (const [name, schema] of schemas)
    for (const input of [...JUNK, ...junkObjects(schema)])
      for (const issue of issuesOf(schema, input)) {
        if (!TEXTS.has(issue.message)) continue;
        const key = keyOfIssue(issue);
        if (key && MSG[key] === issue.message) keys.add(key);
        else unkeyed.push(`${name} ${issue.path.join('.')}: ${issue.message}`);
      }
  expect([...new Set(unkeyed)]).toEqual([]);
  // the sweep reaches the rules: the keys it saw are many
  expect(keys.size).toBeGreaterThan(25);
});
