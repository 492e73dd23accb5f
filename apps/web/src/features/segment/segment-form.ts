/** The segment form: section 5 segment and financial-proof rules, the same ones the server applies. */
import {
  FINANCIAL_PROOF_CODES,
  type FinancialProofCode,
  financialProofIssues,
} from '@ekyc/contracts/calls/update-segment';
import { isoToDdMmYyyy } from '@ekyc/contracts/dates';
import { PROOF_UPLOAD_PROCESSES } from '@ekyc/contracts/enums';
import type { MessageKey } from '@ekyc/contracts/messages';
import { said } from '@ekyc/contracts/said';
import { segmentSelectionSchema, uploadError } from '@ekyc/contracts/rules';
import { z } from 'zod';

export interface FormValues {
  segments: string[];
  upload_prccess_by?: 'digital' | 'manual' | undefined;
  financial_proof_option?: FinancialProofCode | undefined;
  file?: File | null | undefined;
  /** What the chosen file turned out to be. */
  pdf?: { isPdf: boolean; encrypted: boolean } | null | undefined;
  document_password: string;
  /** ISO dates from the date inputs. */
  statement_date: string;
  statement_from: string;
  holding_value: string;
  /** With a cash segment: the UPI block mechanism chosen (NSE ccdOptForUpi, BSE OPTED_FOR_UPI). */
  upi_block_opt_in: boolean;
}

/** Proof details as the API takes them (dd/mm/yyyy). */
export const proofDetails = (v: FormValues) => ({
  financial_proof_option: v.financial_proof_option,
  statement_date: v.statement_date ? isoToDdMmYyyy(v.statement_date) : undefined,
  statement_from: v.statement_from ? isoToDdMmYyyy(v.statement_from) : undefined,
  holding_value: v.holding_value || undefined,
});

export function segmentFormSchema(requiredDoc: ReadonlySet<string>, now: () => Date = () => new Date()) {
  return z
    .object({
      segments: segmentSelectionSchema,
      upload_prccess_by: z.enum(PROOF_UPLOAD_PROCESSES).optional(),
      financial_proof_option: z.enum(FINANCIAL_PROOF_CODES).optional(),
      file: z.custom<File | null>().optional(),
      pdf: z.object({ isPdf: z.boolean(), encrypted: z.boolean() }).nullable().optional(),
      document_password: z.string(),
      statement_date: z.string(),
      statement_from: z.string(),
      holding_value: z.string(),
      upi_block_opt_in: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.segments.some((c) => requiredDoc.has(c))) return;
      const issue = (path: string, code: MessageKey) => ctx.addIssue(said(code, [path]));
      if (!v.upload_prccess_by) return issue('upload_prccess_by', 'segmentUploadProcessRequired');
      if (v.upload_prccess_by !== 'manual') return;
      if (!v.financial_proof_option) issue('financial_proof_option', 'segmentProofOptionRequired');
      if (!v.file) issue('file', 'segmentProofRequired');
      else if (uploadError('segmentProof', v.file) || v.pdf?.isPdf === false) issue('file', 'segmentPdfOnly');
      else if (v.pdf?.encrypted && !v.document_password) issue('document_password', 'segmentPdfPasswordRequired');
      for (const i of financialProofIssues(proofDetails(v as FormValues), now())) issue(i.path, i.code);
    });
}
