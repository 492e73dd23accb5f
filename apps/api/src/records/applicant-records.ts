/**
 * The applicant record every stage builds on: identity, the kyc_list of stages, the encrypted
 * sub-objects of the user details record, and stored files. Each change is published on the
 * applicant's profile channel so that open sockets refresh.
 */
import type { Language } from '@ekyc/contracts/constants';
import type { FileRef } from '@ekyc/contracts/sections';
import {
  type ApplicantRoute,
  isStageCode,
  routeForStage,
  STAGE,
  type StageAction,
  type StageCode,
} from '@ekyc/contracts/stages';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';
import type { EncryptedStore } from '../documents/storage.ts';
import { AppError } from '../lib/errors.ts';
import { type Cipher, type Hasher, randomId } from '../lib/crypto.ts';
import type { Hub } from '../realtime/hub.ts';
import { applicantRepository as repo, type ApplicantRow, type StageRow } from './applicant.repository.ts';
import { type Applicant, toApplicant } from './applicant.ts';
import { ApplicantFiles, type StoredFile } from './applicant-files.ts';
import { ApplicantSections } from './applicant-sections.ts';
import type { ConsentRecords } from './consents.ts';
import {
  openSections,
  sectionReader,
  type SectionReader,
  type StoredSection,
  type StoredSections,
} from './section-codec.ts';
import { type SignedChanges, unsignedChanges } from './signed-form.ts';
import { type StageDecision, stageDecisionsRepository as stageDecisions } from './stage-decisions.repository.ts';
import {
  type CompleteStageOptions,
  completeStageIn,
  outsideWindow,
  SIGNED,
  signUpIn,
  stageMoved,
  voidSignatureIfChanged,
} from './stage-moves.ts';

export type { Applicant } from './applicant.ts';
export type { FileRef } from '@ekyc/contracts/sections';
export type { SectionReader, StoredSection, StoredSections } from './section-codec.ts';
export type { StoredFile } from './applicant-files.ts';

export interface StageMove {
  stage: StageCode;
  screen: ApplicantRoute;
}

/** The record service: identity and stages here, sections in ApplicantSections, files in ApplicantFiles. */
export class ApplicantRecords extends ApplicantSections {
  private stageListeners: Array<(stage: number) => void> = [];
  private readonly storedFiles: ApplicantFiles;

  constructor(
    database: Database,
    cipher: Cipher,
    private readonly hasher: Hasher,
    hub: Hub,
    files: EncryptedStore,
    private readonly config: Pick<Config, 'publicUrl' | 'session'>,
    private readonly consents: ConsentRecords,
  ) {
    super(database, cipher, hub);
    this.storedFiles = new ApplicantFiles(database, hasher, files, config);
  }

  /** Observers of completed stages (metrics). */
  onStageCompleted(listener: (stage: number) => void) {
    this.stageListeners.push(listener);
  }

  mobileHash(mobile: string) {
    return this.hasher.hash('mobile', mobile);
  }

  private toApplicant(row: ApplicantRow): Applicant {
    return toApplicant(this.cipher, row);
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

  /** Creates the applicant with mobile verified (stage-moves.ts, signUpIn); a repeat returns the existing one. */
  async create(input: {
    mobile: string;
    whatsappOpt: boolean;
    refcode?: string;
    utm: { source?: string; medium?: string; campaign?: string };
    userAgent?: string;
    source: string;
    /** English when absent. */
    language?: Language;
  }): Promise<{ applicant: Pick<Applicant, 'id'>; created: boolean }> {
    const { id, created } = await signUpIn(this.cipher, this.db, {
      mobileHash: this.mobileHash(input.mobile),
      mobileEnc: this.cipher.encrypt(input.mobile),
      whatsappOpt: input.whatsappOpt,
      refcode: input.refcode ?? null,
      ownRefcode: randomId(5).toUpperCase(),
      utm: { source: input.utm.source ?? null, medium: input.utm.medium ?? null, campaign: input.utm.campaign ?? null },
      userAgent: input.userAgent ?? null,
      source: input.source,
      language: input.language ?? 'en',
    });
    return { applicant: { id }, created };
  }

  /** Keeps the language the applicant chose (sent with each of their calls). */
  async setLanguage(id: string, language: Language): Promise<void> {
    await repo.setLanguage(this.db, id, language);
  }

  /** Whether another applicant gave the same email (one email per client, unless it is their family's). */
  async emailShared(id: string): Promise<boolean> {
    return repo.emailSharedWithOthers(this.db, id);
  }

  /**
   * Whether a mobile or an email is another applicant's (one contact per client; an email may be
   * the family's, declared). A mobile is the sign-in of one applicant only.
   */
  async contactHeldByOthers(id: string, contact: { mobile: string } | { email: string }): Promise<boolean> {
    if ('mobile' in contact) {
      const row = await repo.findByMobileHash(this.db, this.mobileHash(contact.mobile));
      return row !== undefined && row.id !== id;
    }
    return repo.emailHeldByOthers(this.db, id, this.hasher.hash('email', contact.email));
  }

  /** A changed mobile (the client area's sign-in from then on) or email, in the caller's transaction. */
  async updateContactIn(tx: Tx, id: string, values: { mobile?: string; email?: string }): Promise<void> {
    await repo.update(tx, id, {
      ...(values.mobile !== undefined && {
        mobileEnc: this.cipher.encrypt(values.mobile),
        mobileHash: this.mobileHash(values.mobile),
      }),
      ...(values.email !== undefined && {
        emailEnc: this.cipher.encrypt(values.email),
        emailHash: this.hasher.hash('email', values.email),
      }),
    });
  }

  async update(id: string, values: { email?: string; whatsappOpt?: boolean; clientCode?: string }): Promise<void> {
    // the email alone (its stage's step): the named statement
    if (values.email !== undefined && values.whatsappOpt === undefined && values.clientCode === undefined) {
      await repo.setEmail(this.db, id, this.hasher.hash('email', values.email), this.cipher.encrypt(values.email));
      return this.notifyChanged(id);
    }
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

  // ----- sections (reading and writing: applicant-sections.ts) -----

  /**
   * The applicant, their stages and their sections as of one moment (one statement): a reader
   * never sees a section written without the stage move that came with it. `action`: the step
   * reading it, refused (STAGE_MOVED) when its window does not hold the applicant, as requireStage.
   */
  async snapshot(
    applicantId: string,
    action?: StageAction,
  ): Promise<{ applicant: Applicant; stages: StageRow[]; sections: StoredSections }> {
    const found = await repo.snapshot(this.db, applicantId);
    if (!found) throw new AppError('UNAUTHORIZED');
    if (action) {
      const stage = found.stages.at(-1)?.stage;
      const rejected = found.stages.filter((s) => s.adminActivity === 'Reject').map((s) => s.stage);
      const rework = rejected.length ? Math.min(...rejected) : undefined;
      if (outsideWindow(action, stage, rework)) throw stageMoved({ stage, rework });
    }
    return {
      applicant: this.toApplicant(found.row),
      stages: found.stages,
      sections: openSections(this.cipher, found.sections),
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
  ): Promise<{ stage: number; createdAt: Date; section: SectionReader; applicant: () => Applicant }> {
    const { stage, rework, row, sealed } = await repo.currentStageWithSections(this.db, applicantId, names);
    if (stage === undefined || outsideWindow(action, stage, rework)) throw stageMoved({ stage, rework });
    return {
      stage,
      createdAt: row!.createdAt,
      section: sectionReader(this.cipher, names, sealed),
      // the applicant's row came with the stage: opened when asked for
      applicant: () => this.toApplicant(row!),
    };
  }

  /**
   * Completes a stage: its entry becomes Pending (awaiting review, unless already accepted), the
   * sections are written, and the next stage becomes current. When the applicant had already
   * gone further (reworking a rejected stage), they return to the furthest stage reached.
   */
  async completeStage(applicantId: string, stage: StageCode, options: CompleteStageOptions = {}): Promise<StageMove> {
    // a signed applicant reworking a stage sent back: when that ends (the final stage next), a
    // change to what the signed form prints voids the signature, in the same transaction; an
    // unsigned one's stage completes in the statement that finds it unsigned
    const unsigned = await completeStageIn(this.cipher, this.db, applicantId, stage, options, stage < STAGE.ESIGN);
    const moved =
      unsigned === SIGNED
        ? await this.db.transaction(async (tx) => {
            // the files' rows were added by the statement that found the application signed
            const target = await completeStageIn(this.cipher, tx, applicantId, stage, { ...options, files: [] });
            return target === STAGE.STATUS &&
              (await voidSignatureIfChanged(tx, applicantId, await this.unsignedChanges(applicantId, tx, true)))
              ? STAGE.ESIGN
              : target;
          })
        : unsigned;
    await this.notifyChanged(applicantId);
    this.stageListeners.forEach((l) => l(stage));
    const stageCode = isStageCode(moved) ? moved : stage;
    return { stage: stageCode, screen: routeForStage(stageCode) };
  }

  /**
   * How the record differs from the form signed last (records/signed-form.ts), read in the caller's
   * transaction; `legacy` counts a form signed before its facts were kept as differing.
   */
  async unsignedChanges(applicantId: string, tx: Tx, legacy = false): Promise<SignedChanges | null> {
    const row = await repo.findById(tx, applicantId);
    if (!row) throw new AppError('NOT_FOUND', 'Application not found');
    const sections = openSections(this.cipher, await repo.sections(tx, applicantId));
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

  /**
   * Several decisions in the caller's transaction, the applicant's row taken once: one statement
   * writes them all, and each stage sent back becomes current in the order given. The caller
   * announces the change once it commits (notifyChanged).
   */
  async setAdminActivities(applicantId: string, decisions: StageDecision[], tx: Tx): Promise<void> {
    await repo.lock(tx, applicantId);
    await stageDecisions.write(tx, applicantId, decisions);
    for (const d of decisions) if (d.activity === 'Reject') await repo.moveStageToEnd(tx, applicantId, d.stage);
  }

  /**
   * Ends a rework under the row lock: when the record differs from the form signed last, e-sign
   * becomes current to sign the new version (stage-moves.ts). Whether the signature is void.
   */
  async voidSignatureIfChanged(applicantId: string, tx: Tx): Promise<boolean> {
    return voidSignatureIfChanged(tx, applicantId, await this.unsignedChanges(applicantId, tx, true));
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

  // ----- files (applicant-files.ts) -----

  saveFile(applicantId: string, file: { kind: string; contentType: string; bytes: Buffer }): Promise<FileRef> {
    return this.storedFiles.save(applicantId, file);
  }

  /**
   * Stores files whose rows the step's write adds (completeStage or save with `files`): one
   * statement fewer per file than saveFile, and none added when the write does not happen.
   */
  storeFiles(files: { kind: string; contentType: string; bytes: Buffer }[]): Promise<StoredFile[]> {
    return this.storedFiles.store(files);
  }

  sweepUnfinishedFiles(before: Date): Promise<number> {
    return this.storedFiles.sweepUnfinished(before);
  }

  readFile(fileId: string) {
    return this.storedFiles.read(fileId);
  }

  /** Several files' bytes (null for one missing), their rows read in one statement. */
  readFiles(fileIds: string[]) {
    return this.storedFiles.readAll(fileIds);
  }

  fileUrl(ref: FileRef, sessionId: string, ttlSeconds?: number): string {
    return this.storedFiles.url(ref, sessionId, ttlSeconds);
  }

  verifyFileUrl(fileId: string, exp: number, sessionId: string, sig: string): boolean {
    return this.storedFiles.verifyUrl(fileId, exp, sessionId, sig);
  }

  get publicUrl() {
    return this.config.publicUrl;
  }
}
