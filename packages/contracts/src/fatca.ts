/**
 * FATCA/CRS self-certification of an individual, as the KRA record carries it (CVL KYCDATA
 * APP_FATCA_BIRTH_PLACE, APP_FATCA_BIRTH_COUNTRY, APP_FATCA_COUNTRY_RES and the FATCA_ADDL_DTLS
 * block per tax residency: docs/registrations.md names the public source of each tag). Countries
 * are ISO 3166 alpha-2 codes, the codes of the KRA plugin's FATCA country table.
 */
import { z } from 'zod';
import { said, saying } from './said.ts';

/** Most tax residencies outside India one declaration lists. */
export const FATCA_MAX_RESIDENCIES = 4;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** An assigned ISO 3166 alpha-2 country (the platform's Intl data knows its name). */
export const isCountryCode = (code: string) =>
  /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code && !['EU', 'UN', 'EZ', 'QO', 'XK', 'ZZ'].includes(code);

export const countryCodeSchema = z
  .string(saying('fieldRequired'))
  .trim()
  .toUpperCase()
  .refine(isCountryCode, saying('countryInvalid'));

export const taxResidencySchema = z
  .object({
    /** A country other than India where the applicant is resident for tax. */
    country: countryCodeSchema.refine((c) => c !== 'IN', saying('countryInvalid')),
    /** The taxpayer identification number there. */
    tin: z
      .string()
      .trim()
      .max(25, saying('tinInvalid'))
      .regex(/^[A-Za-z0-9/-]*$/, saying('tinInvalid'))
      .optional(),
    /** Why there is no TIN (the country issues none, or not yet issued). */
    no_tin_reason: z.string().trim().max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.tin && !v.no_tin_reason) ctx.addIssue(said('tinOrReasonRequired', ['tin']));
  });

export const fatcaDeclarationSchema = z.object({
  place_of_birth: z
    .string(saying('fieldRequired'))
    .trim()
    .min(2, saying('fieldRequired'))
    .max(50)
    .regex(/^[\p{L}][\p{L} .'-]*$/u, saying('placeOfBirthInvalid')),
  country_of_birth: countryCodeSchema,
  /** Tax residencies outside India (none for most applicants). */
  tax_residencies: z.array(taxResidencySchema).max(FATCA_MAX_RESIDENCIES).default([]),
});
export type FatcaDeclaration = z.output<typeof fatcaDeclarationSchema>;

/** Every assigned ISO 3166 alpha-2 code, A to Z (for the country lists of the declaration). */
export const COUNTRY_CODES: readonly string[] = Array.from({ length: 26 * 26 }, (_, i) =>
  String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
).filter(isCountryCode);
