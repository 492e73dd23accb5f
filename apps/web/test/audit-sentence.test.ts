/**
 * An audit entry reads as a sentence in the trail. The actions' keys hold dots of their own
 * (staff.login, application.viewed), so the sentence must be found under the whole key, not
 * shown as the key itself.
 */
import type { AuditEntry } from '@ekyc/contracts/calls/backoffice-audit';
import { beforeAll, expect, it } from 'vitest';
import { auditSentence } from '../src/features/backoffice/components/audit-sentence';
import { i18n } from '../src/i18n/translator';
import operations from '../src/i18n/locales/en/operations.json';
import backoffice from '../src/i18n/locales/en/backoffice.json';

beforeAll(() => {
  i18n.init({ lng: 'en', resources: { en: { operations, backoffice } } });
});

const entry = (action: string, after: unknown): AuditEntry => ({
  id: 1,
  at: '2026-12-05T10:00:00Z',
  actor_kind: 'staff',
  actor: 'a1',
  actor_name: 'Anil Admin',
  actor_role: 'admin',
  action,
  stage: null,
  before: null,
  after,
  hash: 'h',
});

it('reads an action whose key holds dots as its sentence', () => {
  const t = i18n.fixedT('en', ['operations']);
  expect(auditSentence(entry('staff.added', { email: 'neha@broker.example', role: 'reviewer' }), t)).toBe(
    'Anil Admin (admin) added neha@broker.example as reviewer',
  );
  expect(auditSentence(entry('staff.login', {}), t)).toBe('Anil Admin (admin) signed in');
});
