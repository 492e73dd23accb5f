import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import {
  ANNUAL_INCOME,
  FAMILY_RELATIONS,
  GENDERS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  PLANS,
  SETTLEMENT_FREQUENCIES,
  TRADING_EXPERIENCE,
} from '../enums.ts';
import { said, saying } from '../said.ts';
import {
  collapseSpaces,
  declarationsSchema,
  educationSchema,
  fatherNameSchema,
  isExperienceAllowed,
  motherNameSchema,
  type DeclarationReading,
} from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';
import { type FatcaDeclaration, fatcaDeclarationSchema } from '../fatca.ts';

const codes = <T extends readonly { code: string }[]>(list: T) =>
  list.map((o) => o.code) as unknown as [T[number]['code'], ...T[number]['code'][]];

export const OCCUPATION_CODES = codes(OCCUPATIONS);
export const EXPERIENCE_CODES = codes(TRADING_EXPERIENCE);
export const INCOME_CODES = codes(ANNUAL_INCOME);
export const GENDER_CODES = codes(GENDERS);
export const MARITAL_CODES = codes(MARITAL_STATUSES);

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, saying('fieldRequired'));

/** The sub-step fields of client profiling, each checked on its own page and again on the server. */
export const occupationStepSchema = z.object({ occupation: choice(OCCUPATION_CODES) });
export const experienceStepSchema = z.object({ trading_experience: choice(EXPERIENCE_CODES) });
export const incomeStepSchema = z.object({ income: choice(INCOME_CODES) });
export const genderMaritalStepSchema = z.object({
  gender: choice(GENDER_CODES),
  /** A gender that differs from the PAN or DigiLocker one needs the applicant's confirmation (section 5). */
  gender_confirmed: z.boolean().optional().default(false),
  marital_status: choice(MARITAL_CODES),
});
export const educationStepSchema = educationSchema;
export const identificationStepSchema = z.object({ mother_name: motherNameSchema, father_name: fatherNameSchema });
/** Plan: Discounted or Premium, default premium (section 9). */
export const planStepSchema = z.object({ plan_selected: z.enum(PLANS).default('premium') });

/**
 * The declaration page. Booleans default true (section 3). `preference` is the electronic contract
 * note preference, `settle` the running-account settlement consent, `preference_selected` its
 * frequency (Quarterly by default, or Monthly), `bsda` the Basic Services Demat Account option.
 * Which switches must be on depends on the configured reading (3 or 5, section 5).
 */
export function declarationStepSchema(reading: DeclarationReading, sharedEmail = false) {
  return z
    .intersection(
      // "tax resident of India only" is on unless the FATCA/CRS declaration lists a residency abroad
      z.object({ ...declarationsSchema(reading).shape, resident_of_india: z.boolean(saying('fieldRequired')) }),
      z.object({
        preference_selected: z.enum(SETTLEMENT_FREQUENCIES).default('Quarterly'),
        bsda: z.boolean().default(true),
        ...familyDeclarationSchema.partial().shape,
        /** FATCA/CRS: place and country of birth, tax residencies outside India with their TINs. */
        fatca: fatcaDeclarationSchema.optional(),
      }),
    )
    .superRefine((v, ctx) => {
      const abroad = (v.fatca?.tax_residencies.length ?? 0) > 0;
      if (!abroad && v.resident_of_india !== true) ctx.addIssue(said('fieldRequired', ['resident_of_india']));
      if (abroad && v.resident_of_india) ctx.addIssue(said('taxResidencyConflict', ['resident_of_india']));
    })
    .superRefine((v, ctx) => {
      if (!sharedEmail) return;
      if (!v.family_relation) ctx.addIssue(said('familyRelationRequired', ['family_relation']));
      if (!v.family_holder_name) ctx.addIssue(said('familyHolderRequired', ['family_holder_name']));
    });
}

/**
 * The family declaration (asked when the applicant's email is another applicant's too): whose it
 * is, and that person's name. The exchanges allow one contact for a client's family only.
 */
export const familyDeclarationSchema = z.object({
  family_relation: z.enum(FAMILY_RELATIONS, saying('familyRelationRequired')),
  family_holder_name: z
    .string(saying('familyHolderRequired'))
    .trim()
    .min(2, saying('familyHolderRequired'))
    .max(100)
    .transform(collapseSpaces),
});

export interface PersonalDetailsRules {
  reading: DeclarationReading;
  /** Age from pan_obj.dob: trading experience counts from 18 (section 5). */
  age?: number;
  /** The gender on the PAN or DigiLocker record, if any. */
  documentGender?: string;
  /** Another applicant has the same email: the family declaration is required. */
  sharedEmail?: boolean;
}

/** POST personal-details-update: the personal details payload of section 3, checked with the section 5 rules. */
export function personalDetailsUpdateRequestSchema({
  reading,
  age,
  documentGender,
  sharedEmail,
}: PersonalDetailsRules) {
  return z
    .intersection(
      z.intersection(
        z.object({
          ...occupationStepSchema.shape,
          ...experienceStepSchema.shape,
          ...incomeStepSchema.shape,
          ...genderMaritalStepSchema.shape,
          ...identificationStepSchema.shape,
          ...planStepSchema.shape,
        }),
        educationStepSchema,
      ),
      declarationStepSchema(reading, sharedEmail),
    )
    .superRefine((v, ctx) => {
      if (age !== undefined && !isExperienceAllowed(v.trading_experience, age))
        ctx.addIssue(said('experienceTooHigh', ['trading_experience']));
      if (documentGender && v.gender !== documentGender && !v.gender_confirmed)
        ctx.addIssue(said('genderChangeUnconfirmed', ['gender']));
    });
}
export type PersonalDetailsUpdateParsed = z.output<ReturnType<typeof personalDetailsUpdateRequestSchema>>;

/** Loose transport schema for the route; the use-case applies the full rules once it knows the applicant. */
export const personalDetailsUpdateBodySchema = z.record(z.string().max(40), z.unknown());

export const personalDetailsUpdateResponseDataSchema = z.object({ screen: screenSchema, stage: z.number().optional() });

/** personal_obj as stored and shown by get-user-details (section 3 keys plus the payload fields). */
export interface PersonalSection {
  is_object: boolean;
  occupation__name?: string;
  trading_experience__name?: string;
  annual_income__name?: string;
  education__name?: string;
  occupation?: string;
  trading_experience?: string;
  annual_income?: string;
  education?: string;
  other_education?: string;
  gender?: string;
  marital_status?: string;
  mother_name?: string;
  father_name?: string;
  /** The father's name as the Aadhaar care_of gives it, kept when the applicant's differs (shortened to the limit). */
  father_name_document?: string;
  /** The applicant declared that their email is their family's (see familyDeclarationSchema). */
  family_declaration?: boolean;
  family_relation?: string;
  family_holder_name?: string;
  plan_selected?: string;
  preference_selected?: string;
  indian_citizen?: boolean;
  resident_of_india?: boolean;
  politically_exposed?: boolean;
  /** FATCA/CRS self-certification (absent on applications from before it was asked). */
  fatca?: FatcaDeclaration;
  bsda?: boolean;
  preference?: boolean;
  settle?: boolean;
}

export const personalDetailsUpdateReplySchema = stageReplySchema(personalDetailsUpdateResponseDataSchema);
