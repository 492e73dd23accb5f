/**
 * How sections travel between the record and the database: each one an AES-256-GCM sealed JSON
 * document, typed by its name (packages/contracts/src/sections.ts) on the way in and out.
 */
import type { Sections } from '@ekyc/contracts/sections';
import type { SectionName } from '@ekyc/contracts/user-details';
import type { Cipher } from '../lib/crypto.ts';
import type { SectionWrites } from './applicant.repository.ts';

/** A section never shown to the applicant as such: private ones (a leading underscore), and the bank callback. */
export type PrivateSection = 'bank_callback' | `_${string}`;

/** A section name of the record, or a private one. */
export type StoredSection = SectionName | PrivateSection;

/** The private sections, typed where they are written (each module's own state). */
export type PrivateSections = {
  bank_callback?: unknown;
  [name: `_${string}`]: unknown;
};

/** Every section an applicant has: the record's typed by name, the private ones as stored. */
export type StoredSections = Partial<Sections> & PrivateSections;

/** Sections to write: a value stores it, null removes it. */
export type SectionValues = { [K in SectionName]?: Sections[K] | null } & {
  bank_callback?: object | null;
  [name: `_${string}`]: object | null | undefined;
};

/** The sections read together, each decrypted on demand (null when absent). */
export interface SectionReader {
  <K extends SectionName>(name: K): Sections[K] | null;
  /** A private section: its type is the writer's, named by the reader. */
  <T extends object>(name: PrivateSection): T | null;
}

export function openSections(cipher: Cipher, rows: Array<{ name: string; payloadEnc: string }>): StoredSections {
  return Object.fromEntries(rows.map((r) => [r.name, cipher.decryptJson(r.payloadEnc)]));
}

/** Sections as the repository writes them: those given sealed, those set to null to remove. */
export function sealSections(cipher: Cipher, sections: SectionValues): SectionWrites {
  const entries = Object.entries(sections);
  return {
    put: entries.flatMap(([name, value]) => (value ? [{ name, payloadEnc: cipher.encryptJson(value) }] : [])),
    remove: entries.filter(([, value]) => value === null).map(([name]) => name),
  };
}

/**
 * Reads the named sections out of those fetched sealed; a name not fetched is a mistake of the
 * caller. Each is decrypted once, when first asked for: the request's later reads of it are free.
 */
export function sectionReader(cipher: Cipher, names: StoredSection[], sealed: Record<string, string>): SectionReader {
  const opened = new Map<string, unknown>();
  return <T>(name: StoredSection): T | null => {
    if (!names.includes(name)) throw new Error(`section ${name} was not read`);
    if (!opened.has(name)) {
      const payload = sealed[name];
      opened.set(name, payload ? cipher.decryptJson<T>(payload) : null);
    }
    return opened.get(name) as T | null;
  };
}
