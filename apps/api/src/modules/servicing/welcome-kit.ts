/**
 * The welcome kit in My account: each document as the welcome email carried it (dated on the
 * account's activation day, the sample tariff that of the client's plan), behind a short-lived link
 * bound to the client's session like a stored file's (records/applicant-files.ts): the link dies
 * with the session or at its expiry, and another session's id in it breaks its signature.
 */
import { KIT_DOCUMENTS, type KitKey } from '@ekyc/contracts/calls/broker-documents';
import { welcomeKitDocumentPath } from '@ekyc/contracts/calls/client-area';
import type { ServicingDeps } from './deps.ts';
import { clientKitDocument, kitFileName } from '../../documents/broker-documents.ts';
import { AppError } from '../../lib/errors.ts';

type Deps = Pick<ServicingDeps, 'config' | 'hasher' | 'sessions' | 'records' | 'registrations' | 'now'>;

/** What a link signs: the document, its expiry and the session it belongs to. */
const signed = (key: KitKey, exp: number, sessionId: string) => `welcome-kit.${key}.${exp}.${sessionId}`;

/** My account's entries of the kit, each with its link for this session. */
export function welcomeKitEntries(deps: Pick<Deps, 'config' | 'hasher' | 'now'>, sessionId: string) {
  const exp = Math.floor(deps.now() / 1000) + deps.config.session.fileLinkSeconds;
  return KIT_DOCUMENTS.map((d) => ({
    kind: 'welcome_kit' as const,
    key: d.key,
    link: `${welcomeKitDocumentPath(d.key)}?exp=${exp}&sid=${sessionId}&sig=${deps.hasher.sign(signed(d.key, exp, sessionId))}`,
  }));
}

export interface WelcomeKitLink {
  exp?: string;
  sid?: string;
  sig?: string;
}

/**
 * One document of the kit for the client whose live session the link names: 401 when the link is
 * missing, forged, expired, or its session has ended or is not a client's; 404 before activation.
 */
export async function readWelcomeKitDocument(
  deps: Deps,
  key: KitKey,
  link: WelcomeKitLink,
): Promise<{ filename: string; bytes: Buffer }> {
  const { exp, sid, sig } = link;
  if (!exp || !sid || !sig || !/^\d{1,15}$/.test(exp)) throw new AppError('UNAUTHORIZED', 'unauthorized');
  const fresh = Number(exp) >= deps.now() / 1000 && deps.hasher.verify(signed(key, Number(exp), sid), sig);
  const holder = fresh ? await deps.sessions.liveHolder(sid) : null;
  if (holder?.kind !== 'client') throw new AppError('UNAUTHORIZED', 'unauthorized');
  const [registrations, sections] = await Promise.all([
    deps.registrations.summary(holder.subjectId),
    deps.records.allSections(holder.subjectId),
  ]);
  if (!registrations?.completedAt) throw new AppError('NOT_FOUND');
  const bytes = await clientKitDocument(
    deps.config.welcomeKitDir,
    key,
    registrations.completedAt,
    sections.personal_obj?.plan_selected,
  );
  return { filename: kitFileName(key), bytes };
}
