/**
 * Applicant reply data the web reads that the call contracts do not name as schemas of their own:
 * compositions of the contracts' schemas, one per reply shape (each API route's data).
 */
import { z } from 'zod';
import { consentsDataSchema } from './consents.ts';
import { PROFILING_STEPS } from './profiling-draft.ts';
import { panOcrDataSchema } from './pan-validation.ts';

/** POST request-erasure: the consents, and whether the session was ended with the erasure. */
export const requestErasureDataSchema = consentsDataSchema.extend({ signed_out: z.boolean() });

/** POST save-profiling-draft: the sub-step saved. */
export const saveProfilingDraftDataSchema = z.object({ step: z.enum(PROFILING_STEPS) });

/** POST pan-validation?is_ocr=true: what the card reads, with the screen when the stage moved. */
export const panOcrReplyDataSchema = panOcrDataSchema.extend({ screen: z.string().optional() });
