/**
 * The applicant record every stage builds on: identity, the kyc_list of stages, the encrypted
 * sub-objects of the user details record, and stored files. Each change is published on the
 * applicant's profile channel so that open sockets refresh.
 */
import { createHash } from 'node:crypto';
import type { Language } from '@ekyc/contracts/constants';
import { MSG } from '@ekyc/contracts/messages';
import {
  ACTION_WINDOWS,
  isStageCode,
  nextStage,
  routeForStage,
  STAGE,
  type StageAction,
  type StageCode,
} from '@ekyc/contracts/stages';
import type { SectionName } from '@ekyc/contracts/user-details';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';
import type { EncryptedStore } from '../documents/storage.ts';
import { AppError } from '../lib/errors.ts';
import { type Cipher, type Hasher, randomId, UndecryptableError } from '../lib/crypto.ts';
import { channels, type Hub } from '../realtime/hub.ts';
import { RULE_SET_SECTION, startingRuleSet } from './rule-set.ts';
import {
  applicantRepository as repo,
  type ApplicantRow,
  type SectionWrites,
  type StageRow,
} from './applicant.repository.ts';
import type { ConsentRecords } from './consents.ts';
import { type SignedChanges, unsignedChanges } from './signed-form.ts';
import { fileWritesRepository as fileWrites } from './file-writes.repository.ts';

/** A section name of the record, or a private one (prefixed with an underscore) never shown to the applicant. */
export type StoredSection = SectionName | 'bank_callback' | `_${string}`;

/** The sections read together, each decrypted on demand (null when absent). */
export type SectionReader = <T extends object>(name: StoredSection) => T | null;

/** Where a stored value points to a file, the record shows a short-lived signed URL instead. */
export interface FileRef {
  $file: string;
}

export interface Applicant {
  id: string;
  mobile: string;
  email: string | null;
  whatsappOpt: boolean;
  refcode: string | null;
  ownRefcode: string;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  userAgent: string | null;
  source: string;
  clientCode: string | null;
  /** The language the applicant reads; messages to them are written in it. */
  language: Language;
  createdAt: Date;
}

export interface StageMove {
  stage: StageCode;
  screen: string;
}

export class ApplicantRecords {
  private stageListeners: Array<(stage: number) => void> = [];

  constructor(
    private readonly database: Database,
    private readonly cipher: Cipher,
    private readonly hasher: Hasher,
    private readonly hub: Hub,
    private readonly files: EncryptedStore,
    private readonly config: Pick<Config, 'publicUrl' | 'session'>,
    private readonly consents: ConsentRecords,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** Observers of completed stages (metrics). */
  onStageCompleted(listener: (stage: number) => void) {
    this.stageListeners.push(listener);
  }

  mobileHash(mobile: string) {
    return this.hasher.hash('mobile', mobile);
  }

  private toApplicant(row: ApplicantRow): Applicant {
    return {
      id: row.id,
      mobile: this.cipher.decrypt(row.mobileEnc),
      email: row.emailEnc ? this.cipher.decrypt(row.emailEnc) : null,
      whatsappOpt: row.whatsappOpt,
      refcode: row.refcode,
      ownRefcode: row.ownRefcode,
      utm: { source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign },
      userAgent: row.userAgent,
      source: row.source,
      clientCode: row.clientCode,
      language: row.language,
      createdAt: row.createdAt,
    };
  }

  async findByMobile(mobile: string): Promise<Applicant | null> {
    const row = await repo.findByMobileHash(this.db, this.mobileHash(mobile));
    return row ? this.toApplicant(row) : null;
  }

  async get(id: string): Promise<Applicant> {
    const row = await repo.findById(this.db, id);
    if (!row) throw new AppError('UNAUTHORIZED');
    return this.toApplicant(row);
  }

  /** Creates the applicant with mobile verified (110 done, 120 current); a repeat returns the existing one. */
  async create(input: {
    mobile: string;
    whatsappOpt: boolean;
    refcode?: string;
    utm: { source?: string; medium?: string; campaign?: string };
    userAgent?: string;
    source: string;
    /** English when absent. */
    language?: Language;
  }): Promise<{ applicant: Applicant; created: boolean }> {
    const result = await this.db.transaction(async (tx) => {
      const { row, created } = await repo.insert(tx, {
        mobileHash: this.mobileHash(input.mobile),
        mobileEnc: this.cipher.encrypt(input.mobile),
        whatsappOpt: input.whatsappOpt,
        refcode: input.refcode ?? null,
        ownRefcode: randomId(5).toUpperCase(),
        utmSource: input.utm.source ?? null,
        utmMedium: input.utm.medium ?? null,
        utmCampaign: input.utm.campaign ?? null,
        userAgent: input.userAgent ?? null,
        source: input.source,
        language: input.language ?? 'en',
      });
      if (created) {
        await this.completeStageIn(tx, row.id, STAGE.MOBILE, {
          next: STAGE.EMAIL,
          // the rules in force today, kept: the application follows them whatever the table says later
          sections: { [RULE_SET_SECTION]: startingRuleSet(new Date()) },
        });
        // signing up under the privacy notice: the KYC itself, and updates on WhatsApp if chosen
        await this.consents.record(
          row.id,
          [
            { purpose: 'kyc', granted: true },
            ...(input.whatsappOpt ? [{ purpose: 'communication' as const, granted: true }] : []),
          ],
          { language: row.language, source: 'sign-up' },
          tx,
        );
      }
      return { row, created };
    });
    return { applicant: this.toApplicant(result.row), created: result.created };
  }

  /** Keeps the language the applicant chose (sent with each of their calls). */
  async setLanguage(id: string, language: Language): Promise<void> {
    await repo.setLanguage(this.db, id, language);
  }

  /** Whether another applicant gave the same email (one email per client, unless it is their family's). */
  async emailShared(id: string): Promise<boolean> {
    return repo.emailSharedWithOthers(this.db, id);
  }

  async update(id: string, values: { email?: string; whatsappOpt?: boolean; clientCode?: string }): Promise<void> {
    const write = (tx: Tx) =>
      repo.update(tx, id, {
        ...(values.email !== undefined && {
          emailEnc: this.cipher.encrypt(values.email),
          emailHash: this.hasher.hash('email', values.email),
        }),
        ...(values.whatsappOpt !== undefined && { whatsappOpt: values.whatsappOpt }),
        ...(values.clientCode !== undefined && { clientCode: values.clientCode }),
      });
    // one statement, unless the WhatsApp choice may change: that is a change of the communication
    // consent, recorded with the write
    if (values.whatsappOpt === undefined) await write(this.db);
    else
      await this.db.transaction(async (tx) => {
        const before = await repo.findById(tx, id);
        if (before && before.whatsappOpt !== values.whatsappOpt)
          await this.consents.record(
            id,
            [{ purpose: 'communication', granted: values.whatsappOpt! }],
            { language: before.language, source: 'app' },
            tx,
          );
        await write(tx);
      });
    await this.notifyChanged(id);
  }

  // ----- sections -----

  async getSection<T extends object>(applicantId: string, name: StoredSection, tx: Tx = this.db): Promise<T | null> {
    const sealed = await repo.section(tx, applicantId, name);
    return sealed ? this.cipher.decryptJson<T>(sealed) : null;
  }

  /**
   * A section for an index that runs over every applicant: a row this process cannot open
   * (written under an encryption key it does not hold) reads as absent instead of stopping the
   * whole index.
   */
  async getIndexableSection<T extends object>(applicantId: string, name: StoredSection): Promise<T | null> {
    try {
      return await this.getSection<T>(applicantId, name);
    } catch (err) {
      if (err instanceof UndecryptableError) return null;
      throw err;
    }
  }

  async allSections(applicantId: string, tx: Tx = this.db): Promise<Record<string, unknown>> {
    return this.openSections(await repo.sections(tx, applicantId));
  }

  private openSections(rows: Array<{ name: string; payloadEnc: string }>): Record<string, unknown> {
    return Object.fromEntries(rows.map((r) => [r.name, this.cipher.decryptJson(r.payloadEnc)]));
  }

  /**
   * The applicant, their stages and their sections as of one moment (one statement): a reader
   * never sees a section written without the stage move that came with it.
   */
  async snapshot(
    applicantId: string,
  ): Promise<{ applicant: Applicant; stages: StageRow[]; sections: Record<string, unknown> }> {
    const found = await repo.snapshot(this.db, applicantId);
    if (!found) throw new AppError('UNAUTHORIZED');
    return {
      applicant: this.toApplicant(found.row),
      stages: found.stages,
      sections: this.openSections(found.sections),
    };
  }

  /** Writes sections (and optionally moves the stage) in one transaction; nothing is half-written. */
  async save(applicantId: string, sections: Partial<Record<StoredSection, object | null>>): Promise<void> {
    const entries = Object.entries(sections);
    // sections written, none removed: one statement
    if (entries.length && entries.every(([, value]) => value))
      await repo.putSectionsLocked(
        this.db,
        applicantId,
        entries.map(([name, value]) => ({ name, payloadEnc: this.cipher.encryptJson(value!) })),
      );
    else
      await this.db.transaction(async (tx) => {
        await repo.lock(tx, applicantId);
        await this.writeSections(tx, applicantId, sections);
      });
    await this.notifyChanged(applicantId);
  }

  /**
   * Writes sections in the caller's transaction, which holds the applicant's row (lock): they commit
   * with the rest of its work. The caller tells the applicant's socket once it has committed.
   */
  async saveIn(tx: Tx, applicantId: string, sections: Partial<Record<StoredSection, object | null>>): Promise<void> {
    await this.writeSections(tx, applicantId, sections);
  }

  private async writeSections(tx: Tx, applicantId: string, sections: Partial<Record<StoredSection, object | null>>) {
    const { put, remove } = this.sealSections(sections);
    await repo.putSections(tx, applicantId, put);
    await repo.deleteSections(tx, applicantId, remove);
  }

  /** Sections as the repository writes them: those given sealed, those set to null to remove. */
  private sealSections(sections: Partial<Record<StoredSection, object | null>>): SectionWrites {
    const entries = Object.entries(sections);
    return {
      put: entries.flatMap(([name, value]) => (value ? [{ name, payloadEnc: this.cipher.encryptJson(value) }] : [])),
      remove: entries.filter(([, value]) => value === null).map(([name]) => name),
    };
  }

  // ----- stages -----

  async kycList(applicantId: string, tx: Tx = this.db): Promise<StageRow[]> {
    return repo.stages(tx, applicantId);
  }

  /** Holds the applicant's row until the transaction ends: one decision on the record at a time. */
  async lock(applicantId: string, tx: Tx): Promise<void> {
    await repo.lock(tx, applicantId);
  }

  async currentStage(applicantId: string, tx: Tx = this.db): Promise<number | undefined> {
    return (await repo.currentStageWithSections(tx, applicantId, [])).stage;
  }

  /** The action's window (ACTION_WINDOWS, section 4) holds the applicant's current stage, or the call is refused. */
  async requireStage(applicantId: string, action: StageAction): Promise<number> {
    return (await this.requireStageWith(applicantId, action, [])).stage;
  }

  /**
   * As requireStage, with the sections the action reads fetched in the same round trip: `section`
   * gives each named one, decrypted (null when absent); `createdAt` is when the application started.
   */
  async requireStageWith(
    applicantId: string,
    action: StageAction,
    names: StoredSection[],
  ): Promise<{ stage: number; createdAt: Date; section: SectionReader }> {
    const [min, max] = ACTION_WINDOWS[action];
    const { stage, rework, createdAt, sealed } = await repo.currentStageWithSections(this.db, applicantId, names);
    // while a stage is sent back, the applicant acts on the earliest such stage alone: a step of
    // another stage (one whose window merely reaches it, such as nominees beside segments) waits
    if (stage === undefined || stage < min || stage > max || (rework !== undefined && min !== rework))
      // HTTP 200 with status false (the contract's handled outcome): data.screen says where the
      // applicant is; data.moved tells a client it was a step of another stage (e.g. a retry).
      throw new AppError('STAGE_MOVED', 'This step is not available at your current stage.', {
        screen: routeForStage(rework ?? stage),
        moved: true,
      });
    return { stage, createdAt: createdAt!, section: this.sectionReader(names, sealed) };
  }

  /**
   * Several sections and the current stage in one statement (one snapshot): `section` gives each
   * named one, decrypted (null when absent).
   */
  async getSections(
    applicantId: string,
    names: StoredSection[],
  ): Promise<{ stage: number | undefined; section: SectionReader }> {
    const { stage, sealed } = await repo.currentStageWithSections(this.db, applicantId, names);
    return { stage, section: this.sectionReader(names, sealed) };
  }

  private sectionReader(names: StoredSection[], sealed: Record<string, string>): SectionReader {
    const cipher = this.cipher;
    return <T extends object>(name: StoredSection): T | null => {
      if (!names.includes(name)) throw new Error(`section ${name} was not read`);
      const payload = sealed[name];
      return payload ? cipher.decryptJson<T>(payload) : null;
    };
  }

  /**
   * Completes a stage: its entry becomes Pending (awaiting review, unless already accepted), the
   * sections are written, and the next stage becomes current. When the applicant had already
   * gone further (reworking a rejected stage), they return to the furthest stage reached.
   */
  async completeStage(
    applicantId: string,
    stage: StageCode,
    options: { next?: StageCode; sections?: Partial<Record<StoredSection, object | null>> } = {},
  ): Promise<StageMove> {
    // a signed applicant reworking a stage sent back: when that ends (the final stage next), a
    // change to what the signed form prints voids the signature, in the same transaction
    const moved =
      stage < STAGE.ESIGN && (await repo.isSigned(this.db, applicantId))
        ? await this.db.transaction(async (tx) => {
            const target = await this.completeStageIn(tx, applicantId, stage, options);
            return target === STAGE.STATUS && (await this.voidSignatureIfChanged(tx, applicantId))
              ? STAGE.ESIGN
              : target;
          })
        : await this.completeStageIn(this.db, applicantId, stage, options);
    await this.notifyChanged(applicantId);
    this.stageListeners.forEach((l) => l(stage));
    const stageCode = isStageCode(moved) ? moved : stage;
    return { stage: stageCode, screen: routeForStage(stageCode) };
  }

  /**
   * completeStage's record work, one statement (on its own, or in the transaction given). Signing
   * leads to the final stage, which has nothing left for the applicant to do and waits for review:
   * its entry becomes Pending (the progress bar counts Accept or Pending entries: 12 of 12), and
   * the review status exists from that moment (review_obj Pending, unless a reviewer already set one).
   */
  private async completeStageIn(
    tx: Tx,
    applicantId: string,
    stage: StageCode,
    options: { next?: StageCode; sections?: Partial<Record<StoredSection, object | null>> },
  ): Promise<number> {
    const target = await repo.completeStage(tx, applicantId, {
      stage,
      next: options.next ?? nextStage(stage),
      sections: this.sealSections(options.sections ?? {}),
      review: {
        stage: STAGE.STATUS,
        payloadEnc: this.cipher.encryptJson({ status: 'Pending', text: MSG.statusUnderReview }),
      },
    });
    if (target === undefined) throw new AppError('UNAUTHORIZED');
    return target;
  }

  /**
   * After a signed applicant's rework, under the row lock: when the record no longer matches the
   * form signed last, the e-sign stage becomes current with no decision (a new form version to
   * sign), and each stage whose printed data changed loses its acceptance (Pending again). Returns
   * whether the signature is void.
   */
  private async voidSignatureIfChanged(tx: Tx, applicantId: string): Promise<boolean> {
    const changes = await this.unsignedChanges(applicantId, tx, true);
    if (!changes) return false;
    const stages = await repo.stages(tx, applicantId);
    const changed = new Set(changes.fields.map((f) => f.stage));
    for (const s of stages)
      if (changed.has(s.stage) && s.adminActivity === 'Accept')
        await repo.upsertStage(tx, applicantId, s.stage, 'Pending');
    await repo.upsertStage(tx, applicantId, STAGE.ESIGN, null);
    await repo.moveStageToEnd(tx, applicantId, STAGE.ESIGN);
    await repo.audit(tx, applicantId, {
      action: 'esign.voided',
      stage: STAGE.ESIGN,
      after: { changed_stages: [...changed], fields: changes.fields.map((f) => f.label) },
    });
    return true;
  }

  /**
   * How the record differs from the form signed last (records/signed-form.ts), read in the caller's
   * transaction; `legacy` counts a form signed before its facts were kept as differing.
   */
  async unsignedChanges(applicantId: string, tx: Tx, legacy = false): Promise<SignedChanges | null> {
    const row = await repo.findById(tx, applicantId);
    if (!row) throw new AppError('NOT_FOUND', 'Application not found');
    const sections = this.openSections(await repo.sections(tx, applicantId));
    return unsignedChanges(this.toApplicant(row), sections, legacy);
  }

  /** Appends to the applicant's audit trail in the caller's transaction (no actor id: the system). */
  async auditIn(
    tx: Tx,
    applicantId: string,
    entry: { actorId?: string | null; action: string; stage?: number | null; before?: unknown; after: unknown },
  ): Promise<void> {
    await repo.audit(tx, applicantId, entry);
  }

  /** Sets a reviewer's decision on a stage; a rejected stage becomes current so the applicant reworks it. */
  async setAdminActivity(
    applicantId: string,
    stage: number,
    activity: 'Accept' | 'Pending' | 'Reject',
    reason: string | null,
    tx?: Tx,
  ): Promise<void> {
    const run = async (t: Tx) => {
      await repo.lock(t, applicantId);
      await repo.upsertStage(t, applicantId, stage, activity, reason);
      if (activity === 'Reject') await repo.moveStageToEnd(t, applicantId, stage);
    };
    if (tx) await run(tx);
    else await this.db.transaction(run);
    await this.notifyChanged(applicantId);
  }

  /** Makes a stage current without completing anything (a returned screen that goes back). */
  async moveTo(applicantId: string, stage: StageCode): Promise<StageMove> {
    await this.db.transaction((tx) => this.makeCurrent(applicantId, stage, tx));
    await this.notifyChanged(applicantId);
    return { stage, screen: routeForStage(stage) };
  }

  /** Makes a stage current in the caller's transaction (the applicant's row held). */
  async makeCurrent(applicantId: string, stage: number, tx: Tx): Promise<void> {
    await repo.lock(tx, applicantId);
    await repo.moveStageToEnd(tx, applicantId, stage);
  }

  async notifyChanged(applicantId: string): Promise<void> {
    await this.hub.publish(channels.profile(applicantId), { changed: true });
  }

  // ----- files -----

  /**
   * Stores a file so that neither its bytes nor its row outlives the other: the write is recorded
   * first, the bytes go to the store, then the row is added and the record removed in one
   * transaction. A failure on the way removes what was written; a process that dies half-way leaves
   * the record, and sweepUnfinishedFiles deletes the bytes later.
   */
  async saveFile(applicantId: string, file: { kind: string; contentType: string; bytes: Buffer }): Promise<FileRef> {
    const storageKey = randomId(16);
    await fileWrites.begin(this.db, storageKey, new Date());
    try {
      await this.files.put(storageKey, file.bytes);
    } catch (err) {
      await fileWrites.finish(this.db, storageKey).catch(() => undefined);
      throw err;
    }
    try {
      // the row added and the write record removed together (one statement)
      const id = await repo.insertFileFinishingWrite(this.db, {
        applicantId,
        kind: file.kind,
        contentType: file.contentType,
        size: file.bytes.length,
        storageKey,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
      return { $file: id };
    } catch (err) {
      // the record stays when this cleanup fails too: the sweep finishes it
      await this.files
        .delete(storageKey)
        .then(() => fileWrites.finish(this.db, storageKey))
        .catch(() => undefined);
      throw err;
    }
  }

  /** Deletes the bytes of file writes started before the given time and never finished; returns how many. */
  async sweepUnfinishedFiles(before: Date): Promise<number> {
    let swept = 0;
    for (;;) {
      const keys = await fileWrites.unfinishedBefore(this.db, before, 100);
      for (const key of keys) {
        await this.files.delete(key);
        await fileWrites.finish(this.db, key);
      }
      swept += keys.length;
      if (keys.length < 100) return swept;
    }
  }

  async readFile(
    fileId: string,
  ): Promise<{ bytes: Buffer; contentType: string; applicantId: string | null; kind: string } | null> {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) return null;
    const row = await repo.file(this.db, fileId);
    if (!row) return null;
    const bytes = await this.files.get(row.storageKey);
    return bytes ? { bytes, contentType: row.contentType, applicantId: row.applicantId, kind: row.kind } : null;
  }

  /**
   * A signed, short-lived URL under the API for a stored file, bound to the session that asked for
   * it: the route also checks that this session is still live, so a link dies at logout.
   */
  fileUrl(ref: FileRef, sessionId: string, ttlSeconds = this.config.session.fileLinkSeconds): string {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const sig = this.hasher.sign(`${ref.$file}.${exp}.${sessionId}`);
    return `/api/v1/ekyc/files/${ref.$file}?exp=${exp}&sid=${sessionId}&sig=${sig}`;
  }

  /** Whether a link's signature and expiry hold; the caller checks its session is still live. */
  verifyFileUrl(fileId: string, exp: number, sessionId: string, sig: string): boolean {
    if (!Number.isFinite(exp) || exp < Date.now() / 1000) return false;
    return this.hasher.verify(`${fileId}.${exp}.${sessionId}`, sig);
  }

  get publicUrl() {
    return this.config.publicUrl;
  }
}
