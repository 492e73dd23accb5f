import {
  NOMINATION_OPT_OUT_DECLARATION,
  nomineeConfigReplySchema,
  nomineeConfigResponseDataSchema,
  updateNomineeReplySchema,
  updateNomineeRequestSchema,
} from '@ekyc/contracts/calls/update-nominee';
import { NOMINEE_FIELDS } from '@ekyc/contracts/regulation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ruleSetOf } from '../../records/rule-set.ts';
import { sendOptOutOtps } from './nominee-opt-out.ts';
import { nomineeMaxOf, updateNominee } from './update-nominee.ts';
import { ok } from '../../lib/outcome.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { nomineeOptOutOtpReplySchema } from '@ekyc/contracts/calls/send-nominee-opt-out-otp';
import { TAG } from '../../lib/api-docs.ts';

/** Room for the most nominees, each with two proofs of up to 2 MB as base64. */
const bodyLimitFor = (maxNominees: number, base: number) =>
  Math.max(base, maxNominees * 2 * Math.ceil((2 * 1024 * 1024 * 4) / 3) + 256 * 1024);

/** The loosest rules of any rule set: each application's own set is applied by the use-case. */
const LOOSEST_MAX = 10;
const LOOSEST_MANDATORY = NOMINEE_FIELDS.filter((f) => f === 'name' || f === 'relationship');

export const nomineeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routeMax = Math.min(deps.config.maxNominees ?? LOOSEST_MAX, LOOSEST_MAX);

  app.get(
    '/get-nominee-config',
    {
      schema: {
        operationId: 'get-nominee-config',
        summary: "Read the nominee rules of the applicant's rule set: how many, mandatory, opt-out",
        tags: [TAG.applicant],
        response: replies(nomineeConfigReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => {
      const rules = await ruleSetOf(deps.records, req.applicant!.subjectId);
      return ok(
        'nomineeSettings',
        nomineeConfigResponseDataSchema.parse({
          max_nominees: nomineeMaxOf(rules, deps.config.maxNominees),
          mandatory: rules.values.nomineeMandatory,
          opt_out: rules.values.nomineeOptOut,
          rule_set: rules.id,
          declaration: NOMINATION_OPT_OUT_DECLARATION,
        }),
      );
    },
  );

  app.post(
    '/send-nominee-opt-out-otp',
    {
      schema: {
        operationId: 'send-nominee-opt-out-otp',
        summary: 'Send the OTPs (mobile and email) that confirm opting out of nomination',
        tags: [TAG.applicant],
        response: replies(nomineeOptOutOtpReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => sendOptOutOtps(deps, req.applicant!.subjectId),
  );

  app.post(
    '/update-nominee',
    {
      schema: {
        operationId: 'update-nominee',
        summary: 'Save the nominees with their proofs, or the opt-out confirmed by OTP',
        description:
          "The body's limits are the loosest of any rule set; the applicant's own rule set (get-nominee-config) is applied on the server.",
        tags: [TAG.applicant],
        body: updateNomineeRequestSchema({ maxNominees: routeMax, mandatory: LOOSEST_MANDATORY }),
        response: withInput(updateNomineeReplySchema),
      },
      bodyLimit: bodyLimitFor(routeMax, deps.config.bodyLimit),
      preHandler: app.requireApplicant,
    },
    async (req) => updateNominee(deps, req.applicant!.subjectId, req.body, () => new Date(deps.now())),
  );
};
