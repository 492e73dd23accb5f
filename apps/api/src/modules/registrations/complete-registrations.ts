/**
 * Once the UCC for every exchange the chosen segments need, the BO account and the KRA record
 * (KYC Registered or Validated: only those PANs may trade, research §1.3) are accepted, the
 * application becomes Completed ("Your Account is Active."), the client code is the applicant's,
 * and the welcome email goes out (client code, BO id, segments with their trading-from date, the
 * signed account-opening form and the documents of the kit, the most important terms and
 * conditions), its delivery recorded. It runs as a queued step under a lease on the case, so one
 * worker at a time does it, and a restart finishes what a dead process left.
 */
import { KIT_DOCUMENTS } from '@ekyc/contracts/calls/broker-documents';
import { SEGMENTS } from '@ekyc/contracts/enums';
import { MSG } from '@ekyc/contracts/messages';
import type { RegistrationsDeps } from './deps.ts';
import { dltValue } from '../../providers/messaging/port.ts';
import { KIND_OF_DEPOSITORY, KIND_OF_EXCHANGE, type Exchange } from '../../providers/registrations/port.ts';
import { setReview } from '../../records/review.ts';
import { registrationsRepository as repo } from './registrations.repository.ts';
import { tradingFrom } from '../../lib/trading-from.ts';
import { welcomeAttachments } from './welcome-kit.ts';

type Deps = Pick<RegistrationsDeps, 'database' | 'records' | 'messaging' | 'cipher' | 'config'>;

const COMPLETED = { status: 'Completed', text: MSG.statusActive } as const;

/** What the welcome email lists: the signed form and the kit (SEBI CIR/MIRSD/16/2011; the MITC of 13 Nov 2023). */
export const WELCOME_KIT = [
  'Signed account opening form (with its eSign certificate)',
  ...KIT_DOCUMENTS.map((d) => (d.key === 'mitc' ? `${d.title}, acknowledged in the signed form` : d.title)),
];

/**
 * The case's activation step: true once it is done. Each part can run again after a crash (the
 * completion and its audit in one transaction; the record's status and client code written as they
 * are; a welcome channel already delivered is not sent again), and the case is marked done last.
 */
export async function activate(deps: Deps, applicantId: string): Promise<boolean> {
  const db = deps.database.db;
  const c = await repo.getCase(db, applicantId);
  if (!c || !c.boId) return false;
  if (c.welcomeSentAt) return true;
  if (!c.completedAt) {
    const rows = await repo.list(db, applicantId);
    // the KRA too: an exchange lets a PAN trade only once its KRA status is registered or validated
    const needed = [
      ...c.exchanges.map((e) => KIND_OF_EXCHANGE[e as Exchange]),
      KIND_OF_DEPOSITORY[c.depository],
      'kra' as const,
    ];
    if (!needed.every((k) => rows.find((r) => r.kind === k)?.status === 'accepted')) return false;
    // the case completed and the review status Completed together, the move the lifecycle table allows
    await db.transaction(async (tx) => {
      await deps.records.lock(applicantId, tx);
      if (!(await repo.complete(tx, applicantId))) return;
      await repo.audit(tx, applicantId, 'application.activated', null, { client_code: c.clientCode, bo_id: c.boId });
      await setReview(deps, tx, null, applicantId, COMPLETED, 'activate');
    });
  } else
    // a case completed by an earlier release, which wrote the status after: written now if it was not
    await db.transaction(async (tx) => {
      await deps.records.lock(applicantId, tx);
      await setReview(deps, tx, null, applicantId, COMPLETED, 'activate');
    });
  await deps.records.update(applicantId, { clientCode: c.clientCode });
  await sendWelcome(deps, applicantId, c.clientCode, c.boId, c.segments, c.completedAt ?? new Date());
  await repo.welcomeSent(db, applicantId);
  return true;
}

async function sendWelcome(
  deps: Deps,
  applicantId: string,
  clientCode: string,
  boId: string,
  segments: string[],
  at: Date,
): Promise<void> {
  const applicant = await deps.records.get(applicantId);
  const from = tradingFrom(at);
  const lines = segments.map((code) => {
    const s = SEGMENTS.find((x) => x.code === code);
    return `- ${s?.name ?? code} (${s?.exchanges.join(', ') ?? ''}): trading from ${from}`;
  });
  const text = [
    `${MSG.statusActive}`,
    '',
    `Client code (UCC): ${clientCode}`,
    `Demat account (BO id): ${boId}`,
    '',
    'Segments:',
    ...lines,
    '',
    'Your documents (attached):',
    ...WELCOME_KIT.map((d) => `- ${d}`),
    '',
    'Most Important Terms and Conditions: trade only through your client code; never share your login',
    'credentials; pay funds and collateral only to the broker’s listed bank accounts; contract notes reach you',
    'within 24 hours of a trade; grievances go to the broker, then the exchange, SEBI SCORES and SMART ODR.',
    '',
    'Your KYC registration with the KRA and the CKYC record follow; you will see them on your status page.',
  ].join('\n');
  const attachments = applicant.email ? await welcomeAttachments(deps, applicantId, at) : [];
  const messages = [
    ...(applicant.email
      ? [
          {
            channel: 'email' as const,
            to: applicant.email,
            template: 'activation' as const,
            text,
            subject: 'Welcome: your account is active',
            attachments,
          },
        ]
      : []),
    {
      channel: 'sms' as const,
      to: applicant.mobile,
      template: 'activation' as const,
      text: `${MSG.statusActive} Your client code is ${clientCode}.`,
      vars: { date: dltValue(from), client_code: dltValue(clientCode) },
    },
  ];
  const delivered = await repo.welcomesDelivered(deps.database.db, applicantId);
  for (const m of messages.filter((x) => !delivered.includes(x.channel))) {
    try {
      await deps.messaging.send({ ...m, applicantId });
      await repo.addEvidence(deps.database.db, {
        applicantId,
        kind: 'welcome',
        requestId: `welcome-${m.channel}`,
        direction: 'response',
        bodyEnc: deps.cipher.encrypt(
          JSON.stringify({
            channel: m.channel,
            delivered_at: new Date().toISOString(),
            ...(m.channel === 'email' && { attachments: attachments.map((a) => a.filename) }),
          }),
        ),
      });
    } catch (err) {
      await repo.addEvidence(deps.database.db, {
        applicantId,
        kind: 'welcome',
        requestId: `welcome-${m.channel}`,
        direction: 'error',
        bodyEnc: deps.cipher.encrypt((err as Error).message.slice(0, 200)),
      });
    }
  }
}
