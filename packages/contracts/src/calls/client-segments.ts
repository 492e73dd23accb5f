/**
 * The client area's segment request: derivatives added after the account is open (the risk
 * disclosure acknowledged and an income proof, uploaded or through the account aggregator),
 * currency derivatives with the RBI declaration, and the deactivation of a segment. Signed with
 * Aadhaar eSign, reviewed four-eyed and carried to each exchange's UCC (docs/servicing.md
 * "Segments").
 */
import { z } from 'zod';
import { SEGMENTS } from '../enums.ts';
import { said, saying } from '../said.ts';
import { replySchema } from '../envelope.ts';
import { FINANCIAL_PROOF_CODES, financialProofIssues } from './update-segment.ts';
import { serviceRequestViewSchema } from './client-area.ts';

const SEGMENT_CODES = SEGMENTS.map((s) => s.code) as [string, ...string[]];

/** A derivatives segment asks the risk disclosure and an income proof (SEBI's derivatives norms). */
export const segmentNeedsIncomeProof = (code: string) => SEGMENTS.some((s) => s.code === code && s.derivative);

/** The currency derivatives segment asks the RBI declaration besides. */
export const CURRENCY_DERIVATIVES = 'currency_derivatives_1';

/**
 * The declaration a client signs before trading exchange-traded currency derivatives involving the
 * rupee: positions are to hedge an exposure they have (RBI's directions on exchange-traded currency
 * derivatives, in force from 5 April 2024). Its version is kept with the request.
 */
export const RBI_CURRENCY_DECLARATION = {
  version: 'rbi-etcd-2024-04',
  text: 'I/We declare that I/we will take positions in exchange-traded currency derivatives involving the Indian rupee only to hedge an exposure to exchange-rate risk that I/we have, as the Reserve Bank of India directs, and that I/we will produce evidence of that exposure when asked.',
} as const;

export const SEGMENT_INCOME_PROOF_METHODS = ['upload', 'account_aggregator'] as const;

/** POST client/requests/segments: the segments to add and to stop, with what an addition needs. */
export function segmentRequestSchema({ now = () => new Date() }: { now?: () => Date } = {}) {
  return z
    .object({
      activate: z
        .array(z.enum(SEGMENT_CODES, saying('segmentRequired')))
        .max(5)
        .default([]),
      deactivate: z
        .array(z.enum(SEGMENT_CODES, saying('segmentRequired')))
        .max(5)
        .default([]),
      /** The derivatives risk disclosure of the rules in force, acknowledged (with a derivatives segment). */
      risk_disclosure: z
        .object({
          version: z.string().min(1).max(40),
          language: z.string().min(2).max(8),
          acknowledged_at: z.string().max(40),
        })
        .optional(),
      /** RBI_CURRENCY_DECLARATION's version, accepted (with currency derivatives). */
      rbi_declaration: z.string().max(40).optional(),
      /** With a derivatives segment: a PDF uploaded, or the account aggregator asked for a consent. */
      income_proof: z
        .object({
          method: z.enum(SEGMENT_INCOME_PROOF_METHODS, saying('segmentUploadProcessRequired')),
          financial_proof_option: z.enum(FINANCIAL_PROOF_CODES, saying('segmentProofOptionRequired')).optional(),
          /** Base64, bare or as a data URL: a PDF. */
          document: z.string().max(12_000_000).optional(),
          document_password: z.string().max(128).optional(),
          statement_date: z.string().max(10).optional(),
          statement_from: z.string().max(10).optional(),
          holding_value: z.string().max(20).optional(),
        })
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.activate.length + v.deactivate.length === 0) ctx.addIssue(said('segmentRequired', ['activate']));
      if (v.activate.some((c) => v.deactivate.includes(c))) ctx.addIssue(said('segmentRequired', ['deactivate']));
      if (!v.activate.some(segmentNeedsIncomeProof)) return;
      if (!v.income_proof) {
        ctx.addIssue(said('segmentProofRequired', ['income_proof']));
        return;
      }
      if (v.income_proof.method !== 'upload') return;
      const proof = v.income_proof;
      if (!proof.financial_proof_option)
        ctx.addIssue(said('segmentProofOptionRequired', ['income_proof', 'financial_proof_option']));
      if (!proof.document) ctx.addIssue(said('segmentProofRequired', ['income_proof', 'document']));
      for (const issue of financialProofIssues(proof, now()))
        ctx.addIssue(said(issue.code, ['income_proof', issue.path]));
    })
    .meta({
      examples: [
        {
          activate: ['equity_derivatives_1'],
          deactivate: [],
          risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-12-01T10:00:00.000Z' },
          income_proof: {
            method: 'upload',
            financial_proof_option: 'itr',
            document: 'data:application/pdf;base64,...',
          },
        },
      ],
    });
}
export type SegmentRequestInput = z.input<ReturnType<typeof segmentRequestSchema>>;

/**
 * The draft (with the account aggregator's consent page when the income proof goes that way), or
 * why it was refused: a segment already in that state, a PDF that needs its password or cannot be
 * read.
 */
export const segmentRequestDataSchema = z.union([
  z.object({ request: serviceRequestViewSchema, redirect_url: z.string().nullable() }),
  z.object({
    reason: z.enum(['already_active', 'not_active', 'pdf_password_required', 'pdf_password_wrong', 'pdf_unreadable']),
    segment: z.string().nullable(),
  }),
]);
export const segmentRequestReplySchema = replySchema(segmentRequestDataSchema);

/** POST client/requests/{id}/income-proof: the account aggregator's return parameters. */
export const segmentIncomeProofRequestSchema = z
  .object({
    fi: z.string().max(512).optional(),
    resdate: z.string().max(64).optional(),
    ecres: z.string().max(8192).optional(),
  })
  .meta({ examples: [{ fi: 'U0FOREJPWA', resdate: '011220261000', ecres: '...' }] });
export const segmentIncomeProofReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), z.object({ reason: z.enum(['consent_failed']) })]),
);
