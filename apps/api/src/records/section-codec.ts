/**
 * How sections travel between the record and the database: each one an AES-256-GCM sealed JSON
 * document, typed by its name (packages/contracts/src/sections.ts) on the way in and out.
 */
import type { AllSections, SectionReader as RecordSectionReader, Sections } from '@ekyc/contracts/sections';
import type { SectionName } from '@ekyc/contracts/user-details';
import type { Cipher } from '../lib/crypto.ts';
import type { SectionWrites } from './applicant.repository.ts';

/** A section never shown to the applicant as such: private ones (a leading underscore), and the bank callback. */
export type PrivateSection = 'bank_callback' | `_${string}`;

/** A section name of the record, or a private one. */
export type StoredSection = SectionName | PrivateSection;

/**
 * The private sections' types by name. A module declares the ones it writes beside their type, by
 * declaration merging, for instance in modules/esign/esign-state.ts:
 *
 *   declare module '../../records/section-codec.ts' {
 *     interface PrivateSectionTypes { [ESIGN_PRIVATE]: EsignState }
 *   }
 *
 * so that a read names the section and gets its type, with no type argument to assert it (lint
 * refuses one). A private section no module declares reads as `unknown`: its reader parses it.
 */
export interface PrivateSectionTypes {
  /** The penny-drop provider's callback as received (the second element of get-user-details' record). */
  bank_callback: Record<string, unknown>;
}

/** A private section's type: as its module declared it, else unknown. */
export type PrivateSectionType<N extends PrivateSection> = N extends keyof PrivateSectionTypes
  ? PrivateSectionTypes[N]
  : unknown;

/** The private sections, each typed as its module declared it. */
export type PrivateSections = { [N in keyof PrivateSectionTypes]?: PrivateSectionTypes[N] } & {
  [name: `_${string}`]: unknown;
};

/** Every section an applicant has: the record's typed by name, the private ones as stored. */
export type StoredSections = AllSections & PrivateSections;

/** Sections to write: a value stores it, null removes it. */
export type SectionValues = { [K in SectionName]?: Sections[K] | null } & {
  bank_callback?: object | null;
  [name: `_${string}`]: object | null | undefined;
};

/** The sections read together, each decrypted on demand (null when absent): the record's by their contract type. */
export interface SectionReader extends RecordSectionReader {
  /** A private section, as its module declared it (PrivateSectionTypes). */
  <N extends PrivateSection>(name: N): PrivateSectionType<N> | null;
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
  return (<T>(name: StoredSection): T | null => {
    if (!names.includes(name)) throw new Error(`section ${name} was not read`);
    if (!opened.has(name)) {
      const payload = sealed[name];
      opened.set(name, payload ? cipher.decryptJson<T>(payload) : null);
    }
    return opened.get(name) as T | null;
  }) as SectionReader;
}
