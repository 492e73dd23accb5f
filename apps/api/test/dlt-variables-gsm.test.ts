/**
 * DLT variables for an English template stay in the GSM 03.38 alphabet and within 40 septets:
 * what MSG91 receives would otherwise go out as UCS-2 or fail the template match.
 */
import { expect, it } from 'vitest';
import { gsmDltValue, gsmLength, toGsm, truncateGsm } from '../src/providers/messaging/gsm.ts';
import { Msg91MessageSender } from '../src/providers/messaging/msg91.ts';
import { DLT_VAR_MAX, dltValue, templateVars } from '../src/providers/messaging/port.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

/** Every character of GSM-7 (basic table or extension table), checked code point by code point. */
const isGsm = (s: string) => Number.isFinite(gsmLength(s));

it('a Devanagari name is transliterated into GSM-7 letters, not sent as UCS-2', () => {
  const v = gsmDltValue('राहुल शर्मा', DLT_VAR_MAX);
  expect(v).toMatch(/^[a-z ]+$/);
  expect(v.startsWith('rahul')).toBe(true);
  expect(isGsm(v)).toBe(true);
  expect(isGsm('राहुल')).toBe(false);
});

it('emoji are dropped, curly quotes, dashes, the rupee sign and the ellipsis get GSM spellings', () => {
  expect(toGsm('😀 Anu 👍🏽')).toBe('Anu');
  expect(toGsm('👨‍👩‍👧 family')).toBe('family');
  expect(toGsm('“Ravi’s” ₹500 — ok…')).toBe('"Ravi\'s" Rs500 - ok...');
  // characters of the GSM alphabet itself stay as written
  expect(toGsm('José Müller Ñ à {x} €5')).toBe('José Müller Ñ à {x} €5');
  expect(toGsm('tab\tand `tick`')).toBe("tab and 'tick'");
});

it('the limit is counted in septets: an extension character takes two', () => {
  expect(gsmLength('abc')).toBe(3);
  expect(gsmLength('a€')).toBe(3);
  expect(gsmLength('{}[]~^|\\')).toBe(16);
  const exactly = `${'a'.repeat(38)}€`; // 38 + 2 = 40 septets, 39 characters
  expect(truncateGsm(exactly, 40)).toBe(exactly);
  const over = `${'a'.repeat(39)}€`; // 41 septets although 40 characters
  const cut = truncateGsm(over, 40);
  expect(gsmLength(cut)).toBeLessThanOrEqual(40);
  expect(cut).toBe(`${'a'.repeat(37)}...`);
});

it('an extension character at the boundary is left out whole, never split from its escape', () => {
  // 36 letters then "[": 36 + 2 = 38 septets do not fit in the 37 the cut leaves before "..."
  const cut = truncateGsm(`${'b'.repeat(36)}[${'c'.repeat(10)}`, 40);
  expect(cut).toBe(`${'b'.repeat(36)}...`);
  expect(gsmLength(cut)).toBe(39);
  // 35 letters then "[": 37 septets fit exactly
  expect(truncateGsm(`${'b'.repeat(35)}[${'c'.repeat(10)}`, 40)).toBe(`${'b'.repeat(35)}[...`);
});

it('a long value is cut on a word boundary and marked with "...", within 40 septets', () => {
  const v = gsmDltValue('Bank details, Nominee, Segment and income proof', DLT_VAR_MAX);
  expect(v).toBe('Bank details, Nominee, Segment and...');
  expect(gsmLength(v)).toBeLessThanOrEqual(DLT_VAR_MAX);
});

it('dltValue (for a template in the applicant language) never splits a surrogate pair', () => {
  const v = dltValue(`${'x'.repeat(38)}😀😀😀`);
  expect(Array.from(v)).toHaveLength(DLT_VAR_MAX);
  expect(v).toBe(`${'x'.repeat(38)}😀…`);
  expect(/\p{Surrogate}/u.test(v)).toBe(false);
  expect(/\p{Surrogate}/u.test(`${'x'.repeat(39)}\uD83D`)).toBe(true);
  // an emoji counts as one character against the limit, as DLT counts it
  expect(() =>
    templateVars({ channel: 'sms', to: '9', template: 'purge_notice', text: '', vars: { date: '😀'.repeat(40) } }),
  ).not.toThrow();
});

const sender = (fetchFn: ReturnType<typeof replay>['fetch']) =>
  new Msg91MessageSender({
    baseUrl: 'https://control.msg91.test',
    authKey: 'auth-1',
    sender: 'BROKER',
    templates: {
      otp: 'tpl-otp',
      esign_otp: 'tpl-otp',
      decision: 'tpl-decision',
      activation: 'tpl-activation',
      purge_notice: 'tpl-purge',
      reminder: 'tpl-reminder',
      service_request: 'tpl-service-request',
      closure: 'tpl-closure',
      send_back_reminder: 'tpl-send-back-reminder',
      segments_pending: 'tpl-segments-pending',
      document_request: 'tpl-document-request',
    },
    templatesByLanguage: { hi: { decision: 'tpl-decision-hi' } },
    whatsapp: { number: '919800000000', templates: { otp: 'account_otp' }, namespace: null, language: 'en' },
    mailUrl: 'https://mail.test/send',
    mailKey: 'mail-key',
    mailFrom: 'noreply@broker.test',
    fetch: fetchFn,
  });

const decision = (language: 'hi' | 'mar', stages: string) => ({
  channel: 'sms' as const,
  to: '9876543210',
  template: 'decision' as const,
  text: '',
  vars: { stages: dltValue(stages), count: '2' },
  language,
});

it('MSG91: Devanagari stage names going into the English template arrive in GSM-7', async () => {
  const t = replay(fixture('msg91/flow-success.json'));
  // Marathi has no template of its own here: the English one is used
  await sender(t.fetch).send(decision('mar', 'बँक, नामनिर्देशित “नवीन”'));
  const body = JSON.parse(t.calls[0]!.body) as { template_id: string; recipients: Record<string, string>[] };
  expect(body.template_id).toBe('tpl-decision');
  const stages = body.recipients[0]!.stages!;
  expect(isGsm(stages)).toBe(true);
  expect(stages).toMatch(/^[a-z]+, [a-z]+ "[a-z]+"$/);
  expect(gsmLength(stages)).toBeLessThanOrEqual(DLT_VAR_MAX);
});

it("MSG91: a language's own template keeps the variables in that language", async () => {
  const t = replay(fixture('msg91/flow-success.json'));
  await sender(t.fetch).send(decision('hi', 'बैंक, नामांकित व्यक्ति'));
  const body = JSON.parse(t.calls[0]!.body) as { template_id: string; recipients: Record<string, string>[] };
  expect(body.template_id).toBe('tpl-decision-hi');
  expect(body.recipients[0]!.stages).toBe('बैंक, नामांकित व्यक्ति');
});
