/** Checks a PAN with its holder's name and date of birth at the income-tax source. */
export interface PanCheckInput {
  pan: string;
  /** As on the card, upper case. */
  name: string;
  /** dd/mm/yyyy */
  dob: string;
}

export type PanCheckResult =
  | { found: false }
  | {
      found: true;
      /** E (or an E* event) is a valid PAN; F, X, D, N are not. */
      status: string;
      valid: boolean;
      nameMatches: boolean;
      dobMatches: boolean;
      /** Y Aadhaar-linked, R not linked, '' not seeded, NA non-individual. */
      aadhaarSeeding: string;
    };

export interface PanVerifier {
  verify(input: PanCheckInput): Promise<PanCheckResult>;
}
