/**
 * Reading and writing the sections of the applicant record: each one sealed on its own
 * (section-codec.ts), typed by its name; every write tells the applicant's profile channel.
 */
import type { Sections } from '@ekyc/contracts/sections';
import { ACTION_WINDOWS, type StageAction } from '@ekyc/contracts/stages';
import type { SectionName } from '@ekyc/contracts/user-details';
import type { Database, Tx } from '../db/client.ts';
import { type Cipher, UndecryptableError } from '../lib/crypto.ts';
import { channels, type Hub } from '../realtime/hub.ts';
import { AppError } from '../lib/errors.ts';
import { applicantRepository as repo } from './applicant.repository.ts';
import { type Applicant, toApplicant } from './applicant.ts';
import type { StoredFile } from './applicant-files.ts';
import { applicantWritesRepository as writes } from './applicant-writes.repository.ts';
import {
  openSections,
  type PrivateSection,
  type PrivateSectionType,
  sealSections,
  sectionReader,
  type SectionReader,
  type SectionValues,
  type StoredSection,
  type StoredSections,
} from './section-codec.ts';
import { stageMoved } from './stage-moves.ts';

export class ApplicantSections {
  constructor(
    protected readonly database: Database,
    protected readonly cipher: Cipher,
    protected readonly hub: Hub,
  ) {}

  protected get db() {
    return this.database.db;
  }

  /** A section of the record, typed by its name; a private one as its module declared it (PrivateSectionTypes). */
  async getSection<K extends SectionName>(applicantId: string, name: K, tx?: Tx): Promise<Sections[K] | null>;
  async getSection<N extends PrivateSection>(
    applicantId: string,
    name: N,
    tx?: Tx,
  ): Promise<PrivateSectionType<N> | null>;
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

  /**
   * Writes and removes sections (a value stores it, null removes it) in one statement under the
   * applicant's lock: nothing is half-written. `action`: the step writing them, whose window
   * (ACTION_WINDOWS) is checked in that statement (outside it, STAGE_MOVED and nothing written);
   * `files`: files the step stored (ApplicantFiles.store), their rows added by the same statement.
   * Answers the sections written, as sealed (replaceSection compares with them).
   */
  async save(
    applicantId: string,
    sections: SectionValues,
    options: { action?: StageAction; files?: readonly StoredFile[] } = {},
  ): Promise<Record<string, string>> {
    const sealed = sealSections(this.cipher, sections);
    const written = await writes.putSectionsLocked(this.db, applicantId, sealed, {
      ...(options.action && { window: ACTION_WINDOWS[options.action] }),
      files: options.files?.map((f) => f.row),
    });
    // none: the applicant no longer exists (erased meanwhile), nothing was written
    if (written?.outside) throw stageMoved(written.outside);
    await this.notifyChanged(applicantId);
    return Object.fromEntries(sealed.put.map((w) => [w.name, w.payloadEnc]));
  }

  /**
   * Replaces a section with `value` only while it is still the one written as `sealed` (what save
   * answered), in one statement under the applicant's lock: no read, and nothing written over a
   * change made since. Whether it was replaced.
   */
  async replaceSection(applicantId: string, name: StoredSection, sealed: string, value: object): Promise<boolean> {
    const replaced = await repo.replaceSection(this.db, applicantId, name, sealed, this.cipher.encryptJson(value));
    if (replaced) await this.notifyChanged(applicantId);
    return replaced;
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
   * named one, decrypted (null when absent); `applicant` the applicant read with them.
   */
  async getSections(
    applicantId: string,
    names: StoredSection[],
  ): Promise<{ stage: number | undefined; section: SectionReader; applicant: () => Applicant }> {
    const { stage, row, sealed } = await repo.currentStageWithSections(this.db, applicantId, names);
    return {
      stage,
      section: sectionReader(this.cipher, names, sealed),
      applicant: () => {
        if (!row) throw new AppError('UNAUTHORIZED');
        return toApplicant(this.cipher, row);
      },
    };
  }

  /**
   * The sandbox fixture's seed: sections as a test gives them (any shape), stored as they are, so
   * a test can set up a record no step would write. Never called by a step.
   */
  async seed(applicantId: string, sections: Record<string, object>): Promise<void> {
    const put = Object.entries(sections).map(([name, value]) => ({ name, payloadEnc: this.cipher.encryptJson(value) }));
    if (!put.length) return;
    await writes.putSectionsLocked(this.db, applicantId, { put, remove: [] });
    await this.notifyChanged(applicantId);
  }

  async notifyChanged(applicantId: string): Promise<void> {
    await this.hub.publish(channels.profile(applicantId), { changed: true });
  }
}
