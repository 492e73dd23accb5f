/** An audit entry as a sentence: "Priya (reviewer) rejected stage 170 Signature: …". */
import type { AuditEntry } from '@ekyc/contracts/calls/backoffice-audit';
import { describeReason } from '@ekyc/contracts/review-reasons';
import type { TFunction } from '../../../i18n/use-translation';

const field = (v: unknown, key: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;

export function auditSentence(e: AuditEntry, t: TFunction, staffNames: Record<string, string> = {}): string {
  const who =
    e.actor_kind === 'staff'
      ? `${e.actor_name ?? e.actor ?? t('operations:audit.someone')} (${t(`operations:audit.roles.${e.actor_role ?? 'reviewer'}`)})`
      : t(`operations:audit.roles.${e.actor_kind}`).replace(/^./, (c) => c.toUpperCase());
  const stage = e.stage ? `${e.stage} ${t(`backoffice:stages.${e.stage}`)}` : '';
  // an action's key holds dots of its own (staff.login), so the sentence is taken from the list
  const a = (key: string, extra: Record<string, unknown> = {}) =>
    (t('operations:audit.actions', { returnObjects: true, who, stage, ...extra }) as Record<string, string>)[key] ??
    key;
  switch (e.action) {
    case 'stage.activity': {
      const activity = field(e.after, 'admin_activity');
      if (activity === 'Accept') return a('accept');
      if (activity === 'Reject') return a('reject', { reason: describeReason(String(field(e.after, 'reason') ?? '')) });
      if (activity === 'Pending') return a('pending');
      return a('reset');
    }
    case 'stage.reached':
    case 'stage.current':
    case 'stage.send_back_withdrawn':
    case 'application.viewed':
    case 'application.claimed':
    case 'application.released':
    case 'application.approved':
    case 'application.evidence_exported':
      return a(e.action);
    case 'application.assigned': {
      const target = String(field(e.after, 'staff_id') ?? '');
      return a(e.action, { target: staffNames[target] ?? target });
    }
    case 'application.activated':
      return a(e.action, { code: String(field(e.after, 'client_code') ?? '') });
    case 'review.status':
      return a(e.action, { status: String(field(e.after, 'status') ?? '') });
    case 'staff.added':
    case 'staff.bootstrap':
    case 'staff.enabled':
    case 'staff.disabled':
    case 'staff.password_changed':
    case 'staff.login':
    case 'staff.login_failed':
    case 'staff.locked_out':
    case 'staff.unlocked': {
      const id = String(field(e.after, 'id') ?? '');
      const email = String(field(e.after, 'email') ?? staffNames[id] ?? id);
      const role = field(e.after, 'role');
      return a(e.action, { email, role: role ? t(`operations:audit.roles.${String(role)}`) : '' });
    }
    case 'application.rule_set_moved':
      return a(e.action, { to: String(field(e.after, 'rule_set') ?? '') });
    case 'registration.corrected':
      return a(e.action, {
        field: t(`registrations:correction.fields.${String(field(e.after, 'field') ?? '')}`),
        note: String(field(e.after, 'note') ?? ''),
      });
    case 'segments.held': {
      const held = field(e.after, 'held');
      const list = Array.isArray(held) ? held.map((h) => String(field(h, 'code') ?? '')).join(', ') : '';
      return a(e.action, { list: list || '-' });
    }
    case 'notify.failed':
      return a(e.action, { channel: String(field(e.after, 'channel') ?? '') });
    default:
      return a('other', { action: e.action.replace(/[._]/g, ' ') });
  }
}
