/**
 * POST /sandbox/fixtures/staff: a staff account with a known password, so that browser journeys
 * can sign in to the back office; `password_change_required` makes it one that must set its own
 * password first. Only when tests ask for the fixtures (EKYC_TEST_FIXTURES), never in production.
 */
import { addStaffBodySchema } from '@ekyc/contracts/calls/backoffice-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRepository as repo } from '../../modules/backoffice/staff.repository.ts';
import { hashPassword } from '../../modules/backoffice/password.ts';
import { replySchema } from '@ekyc/contracts/envelope';
import { replies } from '../../lib/replies.ts';

const bodySchema = addStaffBodySchema.extend({
  password: z.string().min(12).max(200),
  password_change_required: z.boolean().optional(),
});

export const staffFixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    body: bodySchema,
    response: replies(replySchema(z.object({ id: z.string(), email: z.string() }))),
  };
  app.post('/sandbox/fixtures/staff', { schema }, async (req) => {
    const db = app.deps.database.db;
    const row =
      (await repo.insertStaff(db, {
        email: req.body.email,
        name: req.body.name,
        role: req.body.role,
        passwordHash: await hashPassword(req.body.password, app.deps.config.staffPasswordLogN),
        createdBy: null,
        passwordChangeRequired: req.body.password_change_required ?? false,
      })) ?? (await repo.staffByEmail(db, req.body.email));
    return { status: true, message: 'Fixture staff member', data: { id: row!.id, email: row!.email } };
  });
};
