/** pan-validation (manual and by photo) and kra-digilocker. */
import {
  panOcrRequestSchema,
  panValidationBodySchema,
  panValidationQuerySchema,
  panValidationReplySchema,
  panValidationRequestSchema,
} from '@ekyc/contracts/calls/pan-validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closePanOcr } from '../../documents/ocr/pan-ocr.ts';
import { invalidFieldIssue } from '../../lib/errors.ts';
import { confirmKraAddress } from './confirm-kra-address.ts';
import { readPanImage } from './read-pan-image.ts';
import { validatePan } from './validate-pan.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { kraDigilockerReplySchema } from '@ekyc/contracts/calls/kra-digilocker';
import { TAG } from '../../lib/api-docs.ts';

/** The body's schema depends on is_ocr, so it is parsed here with the same 400 shape. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
}

export const panRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The one OCR worker lives as long as the app.
  app.addHook('onClose', async () => closePanOcr());

  app.post(
    '/pan-validation',
    {
      schema: {
        operationId: 'pan-validation',
        summary: 'Verify the PAN at the income-tax source, or read it from a PAN card photo (is_ocr=true)',
        description:
          'Typed in: the PAN, the name as on it and the date of birth are checked at the source (and the KRA is asked). By photo: the card is read and its fields returned for the applicant to confirm, then sent typed in with via_image.',
        tags: [TAG.applicant],
        querystring: panValidationQuerySchema,
        response: withInput(panValidationReplySchema),
      },
      config: { documentedBody: panValidationBodySchema },
      preHandler: app.requireApplicant,
    },
    async (req) => {
      const id = req.applicant!.subjectId;
      if (req.query.is_ocr === 'true') return readPanImage(deps, id, parseBody(panOcrRequestSchema, req.body).base64);
      return validatePan(deps, id, parseBody(panValidationRequestSchema, req.body));
    },
  );

  app.get(
    '/kra-digilocker',
    {
      schema: {
        operationId: 'kra-digilocker',
        summary: "Confirm the KRA's address in place of DigiLocker, for a KRA-registered PAN",
        tags: [TAG.applicant],
        response: replies(kraDigilockerReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => confirmKraAddress(deps, req.applicant!.subjectId),
  );
};
