/**
 * Reading and writing the sections of the applicant record: each one sealed on its own
 * (section-codec.ts), typed by its name; every write tells the applicant's profile channel.
 */
import type { Sections } from '@ekyc/contracts/sections';
import type { SectionName } from '@ekyc/contracts/user-details';
import type { Database, Tx } from '../db/client.ts';
import { type Cipher, UndecryptableError } from '../lib/crypto.ts';
import { channels, type Hub } from '../realtime/hub.ts';
import { applicantRepository as repo } from './applicant.repository.ts';
import {
  openSections,
  type PrivateSection,
  sealSections,
  sectionReader,
  type SectionReader,
  type SectionValues,
  type StoredSection,
  type StoredSections,
} from './section-codec.ts';

export class ApplicantSections {
  constructor(
    protected readonly database: Database,
    protected readonly cipher: Cipher,
    protected readonly hub: Hub,
  ) {}

  protected get db() {
    return this.database.db;
  }

  /** A section of the record, typed by its name; a private one is typed by its reader. */
  async getSection<K extends SectionName>(applicantId: string, name: K, tx?: Tx): Promise<Sections[K] | null>;
  async getSection<T extends object>(applicantId: string, name: PrivateSection, tx?: Tx): Promise<T | null>;
  async getSection<T>(applicantId: string, name: StoredSection, tx: Tx = this.db): Promise<T | null> {
    const sealed = await repo.section(tx, applicantId, name);
    return sealed ? this.cipher.decryptJson<T>(sealed) : null;
  }

  /**
   * A section for an index that runs over every applicant: a row this process cannot open
   * (written under an encryption key it does not hold) reads as absent instead of stopping the
   * whole index.
   */
  async getIndexableSection<K extends SectionName>(applicantId: string, name: K): Promise<Sections[K] | null> {
    try {
      return await this.getSection(applicantId, name);
    } catch (err) {
      if (err instanceof UndecryptableError) return null;
      throw err;
    }
  }

  async allSections(applicantId: string, tx: Tx = this.db): Promise<StoredSections> {
    return openSections(this.cipher, await repo.sections(tx, applicantId));
  }

  /** Writes sections (and optionally moves the stage) in one transaction; nothing is half-written. */
  async save(applicantId: string, sections: SectionValues): Promise<void> {
    const entries = Object.entries(sections);
    // sections written, none removed: one statement
    if (entries.length && entries.every(([, value]) => value))
      await repo.putSectionsLocked(
        this.db,
        applicantId,
        entries.map(([name, value]) => ({ name, payloadEnc: this.cipher.encryptJson(value) })),
      );
    else
      await this.db.transaction(async (tx) => {
        await repo.lock(tx, applicantId);
        await this.saveIn(tx, applicantId, sections);
      });
    await this.notifyChanged(applicantId);
  }

  /**
   * Writes sections in the caller's transaction, which holds the applicant's row (lock): they commit
   * with the rest of its work. The caller tells the applicant's socket once it has committed.
   */
  async saveIn(tx: Tx, applicantId: string, sections: SectionValues): Promise<void> {
    const { put, remove } = sealSections(this.cipher, sections);
    await repo.putSections(tx, applicantId, put);
    await repo.deleteSections(tx, applicantId, remove);
  }

  /**
   * Several sections and the current stage in one statement (one snapshot): `section` gives each
   * named one, decrypted (null when absent); `rework` is the earliest stage sent back, if any.
   */
  async getSections(
    applicantId: string,
    names: StoredSection[],
  ): Promise<{ stage: number | undefined; rework: number | undefined; section: SectionReader }> {
    const { stage, rework, sealed } = await repo.currentStageWithSections(this.db, applicantId, names);
    return { stage, rework, section: sectionReader(this.cipher, names, sealed) };
  }

  /**
   * The sandbox fixture's seed: sections as a test gives them (any shape), stored as they are, so
   * a test can set up a record no step would write. Never called by a step.
   */
  async seed(applicantId: string, sections: Record<string, object>): Promise<void> {
    const put = Object.entries(sections).map(([name, value]) => ({ name, payloadEnc: this.cipher.encryptJson(value) }));
    if (!put.length) return;
    await repo.putSectionsLocked(this.db, applicantId, put);
    await this.notifyChanged(applicantId);
  }

  async notifyChanged(applicantId: string): Promise<void> {
    await this.hub.publish(channels.profile(applicantId), { changed: true });
  }
}
