/**
 * POST /sandbox/fixtures/staff: a staff account with a known password, so that browser journeys
 * can sign in to the back office. Sandbox only (absent otherwise, like every sandbox route).
 */
import { addStaffBodySchema } from '@ekyc/contracts/calls/backoffice-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backofficeRepository as repo } from '../../modules/backoffice/backoffice.repository.ts';
import { hashPassword } from '../../modules/backoffice/password.ts';

export const staffFixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/sandbox/fixtures/staff', { schema: { body: addStaffBodySchema } }, async (req) => {
    const db = app.deps.database.db;
    const row =
      (await repo.insertStaff(db, {
        email: req.body.email,
        name: req.body.name,
        role: req.body.role,
        passwordHash: await hashPassword(req.body.password),
        createdBy: null,
      })) ?? (await repo.staffByEmail(db, req.body.email));
    return { status: true, message: 'Fixture staff member', data: { id: row!.id, email: row!.email } };
  });
};
