import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { BANK_STATEMENT_MONTHS, DEMAT_HOLDING_PROOF_LIMIT, SALARY_SLIP_MAX_AGE_MONTHS } from '../constants.ts';
import { compareDays, type DayDate, parseDdMmYyyy, todayOf } from '../dates.ts';
import { FINANCIAL_PROOFS, PROOF_UPLOAD_PROCESSES } from '../enums.ts';
import { type MessageKey } from '../messages.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';
import { said, saying } from '../said.ts';

export const FINANCIAL_PROOF_CODES = FINANCIAL_PROOFS.map((p) => p.code) as [
  (typeof FINANCIAL_PROOFS)[number]['code'],
  ...(typeof FINANCIAL_PROOFS)[number]['code'][],
];
export type FinancialProofCode = (typeof FINANCIAL_PROOF_CODES)[number];
export const PROOF_DOCUMENT_TYPES = ['pdf', 'jpeg', 'png'] as const;

/**
 * The segments whose trades the UPI block mechanism can fund (the cash market: NSE master circular
 * ISC73973, UCC field ccdOptForUpi, NA elsewhere): with one of them chosen the client says whether
 * to use it (the exchanges' UCC carries the choice, NSE ccdOptForUpi, BSE OPTED_FOR_UPI).
 */
export const UPI_BLOCK_SEGMENTS: readonly string[] = ['equity_1'];

/** The extra details a proof type asks for so its rule can be checked (sections 3, 5 and 9). */
export type ProofDetail = 'statement_from' | 'statement_date' | 'holding_value';
export const PROOF_DETAILS: Record<FinancialProofCode, readonly ProofDetail[]> = {
  bank_statement: ['statement_from', 'statement_date'],
  salary_slip: ['statement_date'],
  demat_holding: ['holding_value'],
  itr: [],
  form_16: [],
  net_worth: [],
};

/** The same calendar day `months` earlier, clamped to the month's last day. */
export function monthsBefore(d: DayDate, months: number): DayDate {
  const total = d.year * 12 + (d.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(d.day, last) };
}

export interface ProofDetails {
  financial_proof_option?: FinancialProofCode | undefined;
  statement_date?: string | undefined;
  statement_from?: string | undefined;
  holding_value?: string | undefined;
}

/** The rule of each financial proof (section 5 and 9): one message per offending field. */
export function financialProofIssues(
  v: ProofDetails,
  now: Date = new Date(),
): { path: ProofDetail; code: MessageKey }[] {
  const issues: { path: ProofDetail; code: MessageKey }[] = [];
  const today = todayOf(now);
  const day = (path: ProofDetail, value: string | undefined): DayDate | null => {
    const d = parseDdMmYyyy(value ?? '');
    if (!d || compareDays(d, today) > 0) {
      issues.push({ path, code: value ? 'invalidDate' : 'fieldRequired' });
      return null;
    }
    return d;
  };
  switch (v.financial_proof_option) {
    case 'salary_slip': {
      // 'salary slip not more than 3 months old'
      const d = day('statement_date', v.statement_date);
      if (d && compareDays(d, monthsBefore(today, SALARY_SLIP_MAX_AGE_MONTHS)) < 0)
        issues.push({ path: 'statement_date', code: 'salarySlipOld' });
      break;
    }
    case 'bank_statement': {
      // 'bank statement of last 6 months': it ends within the last month and spans six months
      const from = day('statement_from', v.statement_from);
      const to = day('statement_date', v.statement_date);
      if (from && to) {
        if (compareDays(to, monthsBefore(today, 1)) < 0)
          issues.push({ path: 'statement_date', code: 'bankStatementPeriod' });
        else if (compareDays(from, monthsBefore(to, BANK_STATEMENT_MONTHS)) > 0)
          issues.push({ path: 'statement_from', code: 'bankStatementPeriod' });
      }
      break;
    }
    case 'demat_holding': {
      // 'demat holding statement (holding not above 10,000)'
      const raw = (v.holding_value ?? '').replace(/,/g, '').trim();
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(raw)) issues.push({ path: 'holding_value', code: 'fieldRequired' });
      else if (Number(raw) > DEMAT_HOLDING_PROOF_LIMIT)
        issues.push({ path: 'holding_value', code: 'dematHoldingAbove' });
      break;
    }
    default:
      break;
  }
  return issues;
}

/**
 * POST update-segment (section 7): the chosen segment codes and, when a derivative is chosen, the
 * financial proof: digital (account aggregator) or manual (a PDF, with its password when protected).
 */
export function updateSegmentRequestSchema({ now = () => new Date() }: { now?: () => Date } = {}) {
  return z
    .object({
      segments: z.array(z.string().min(1).max(64), saying('segmentRequired')).min(1, saying('segmentRequired')).max(20),
      upload_prccess_by: z.enum(PROOF_UPLOAD_PROCESSES, saying('segmentUploadProcessRequired')).optional(),
      financial_proof_option: z.enum(FINANCIAL_PROOF_CODES, saying('segmentProofOptionRequired')).optional(),
      /** Base64, bare or as a data URL. */
      document: z.string().max(12_000_000).optional(),
      document_password: z.string().max(128).optional(),
      document_type: z.enum(PROOF_DOCUMENT_TYPES, saying('segmentPdfOnly')).optional(),
      statement_date: z.string().max(10).optional(),
      statement_from: z.string().max(10).optional(),
      holding_value: z.string().max(20).optional(),
      /** With a cash segment: the client opts for the UPI block mechanism (UPI_BLOCK_SEGMENTS). */
      upi_block_opt_in: z.boolean().optional(),
      /** The derivatives risk disclosure acknowledged (required with a derivatives segment). */
      risk_disclosure: z
        .object({
          version: z.string().min(1).max(40),
          language: z.string().min(2).max(8),
          acknowledged_at: z.string().max(40),
        })
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.upload_prccess_by !== 'manual') return;
      if (!v.financial_proof_option) ctx.addIssue(said('segmentProofOptionRequired', ['financial_proof_option']));
      if (!v.document) ctx.addIssue(said('segmentProofRequired', ['document']));
      else if (v.document_type !== 'pdf') ctx.addIssue(said('segmentPdfOnly', ['document_type']));
      for (const issue of financialProofIssues(v, now())) ctx.addIssue(said(issue.code, [issue.path]));
    });
}
export type UpdateSegmentRequest = z.input<ReturnType<typeof updateSegmentRequestSchema>>;

export const updateSegmentDataSchema = z.object({
  screen: z.optional(screenSchema),
  /** Digital proof: the account aggregator's consent page (open it when longer than 2 characters). */
  redirect_url: z.string().optional(),
  clienttrnxid: z.string().optional(),
  /** The PDF is protected and no password came with it. */
  password_required: z.boolean().optional(),
});
export type UpdateSegmentData = z.infer<typeof updateSegmentDataSchema>;

/** A refusal says when the PDF needs its password. */
export const updateSegmentReplySchema = stageReplySchema(
  updateSegmentDataSchema,
  refusalDataSchema({ password_required: updateSegmentDataSchema.shape.password_required }),
);
