/**
 * Staff administration (administrators): accounts, roles, second factors, passwords, lockouts and
 * the audit trail of these changes.
 * Registered by routes.ts under /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import { auditReplySchema } from '@ekyc/contracts/calls/backoffice-audit';
import { staffMemberReplySchema } from '@ekyc/contracts/calls/backoffice-login';
import {
  addStaffBodySchema,
  resetStaffPasswordBodySchema,
  setStaffActiveBodySchema,
  setStaffRoleBodySchema,
  staffListReplySchema,
  unlockStaffReplySchema,
} from '@ekyc/contracts/calls/backoffice-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { TAG } from '../../lib/api-docs.ts';
import { plainOk } from '../../lib/outcome.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { addStaff } from './add-staff.ts';
import { approveStaffRole } from './approve-staff-role.ts';
import { getAuditTrail } from './get-audit-trail.ts';
import { listStaff } from './list-staff.ts';
import { resetStaffMfa } from './reset-staff-mfa.ts';
import { resetStaffPassword } from './reset-staff-password.ts';
import { idParams } from './route-params.ts';
import { setStaffActive } from './set-staff-active.ts';
import { setStaffRole } from './set-staff-role.ts';
import { unlockStaff } from './unlock-staff.ts';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const admin = requireRole(app, 'admin');

  app.get(
    '/staff',
    {
      schema: {
        operationId: 'list-staff',
        summary: 'List the staff accounts',
        tags: [TAG.backOffice],
        response: replies(staffListReplySchema),
      },
      preHandler: admin,
    },
    async () => plainOk('Staff', { staff: await listStaff(deps) }),
  );

  app.post(
    '/staff',
    {
      schema: {
        operationId: 'add-staff',
        summary: 'Add a staff account: without a password the member is e-mailed an invitation to choose their own',
        description:
          'With four eyes a password is refused (400 naming it): the member always chooses their own through the invitation, and a checker, compliance or admin grant waits for a second admin (data.staff.pending_role). With four eyes off an admin may set a password, which its holder must change at the first sign-in.',
        tags: [TAG.backOffice],
        body: addStaffBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Staff member added', { staff: await addStaff(deps, req.staffMember!, req.body) }),
  );

  app.post(
    '/staff/:id/active',
    {
      schema: {
        operationId: 'set-staff-active',
        summary: 'Enable or disable a staff account',
        tags: [TAG.backOffice],
        params: idParams,
        body: setStaffActiveBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      plainOk('Staff member updated', {
        staff: await setStaffActive(deps, req.staffMember!, req.params.id, req.body.active),
      }),
  );

  app.post(
    '/staff/:id/role',
    {
      schema: {
        operationId: 'set-staff-role',
        summary: "Change a staff member's role (with four eyes an admin or checker grant waits for a second admin)",
        tags: [TAG.backOffice],
        params: idParams,
        body: setStaffRoleBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      plainOk('Staff member updated', {
        staff: await setStaffRole(deps, req.staffMember!, req.params.id, req.body.role),
      }),
  );

  app.post(
    '/staff/:id/role/approve',
    {
      schema: {
        operationId: 'approve-staff-role',
        summary: 'Approve a waiting admin or checker grant (a second admin: not the one who asked, 403 otherwise)',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Role granted', { staff: await approveStaffRole(deps, req.staffMember!, req.params.id) }),
  );

  app.post(
    '/staff/:id/mfa/reset',
    {
      schema: {
        operationId: 'reset-staff-mfa',
        summary: "Reset a staff member's second factor: they enrol again at the next sign-in",
        description:
          "With four eyes the first admin's call asks for the reset (data.staff.mfa_reset_pending) and a different admin's call carries it out; the same admin again gets 403.",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => {
      const staff = await resetStaffMfa(deps, req.staffMember!, req.params.id);
      return plainOk(staff.mfa_reset_pending ? 'Reset waiting for a second administrator' : 'Second factor reset', {
        staff,
      });
    },
  );

  app.post(
    '/staff/:id/password',
    {
      schema: {
        operationId: 'reset-staff-password',
        summary: "Reset a staff member's password: without one the member is e-mailed a link to choose a new one",
        description:
          'The old password stops working and their sessions end. With four eyes a password is refused (400 naming it); with four eyes off an admin may set one, which its holder must change at the next sign-in.',
        tags: [TAG.backOffice],
        params: idParams,
        body: resetStaffPasswordBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      plainOk('Password reset', {
        staff: await resetStaffPassword(deps, req.staffMember!, req.params.id, req.body.password),
      }),
  );

  app.post(
    '/staff/:id/unlock',
    {
      schema: {
        operationId: 'unlock-staff',
        summary: 'Unlock a staff account locked after wrong passwords',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(unlockStaffReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      plainOk('Staff member unlocked', { staff: await unlockStaff(deps, req.staffMember!, req.params.id) }),
  );

  app.get(
    '/staff/audit',
    {
      schema: {
        operationId: 'get-staff-audit-trail',
        summary: 'Read the audit trail of staff administration',
        tags: [TAG.backOffice],
        response: replies(auditReplySchema),
      },
      preHandler: admin,
    },
    async () => plainOk('Audit trail', await getAuditTrail(deps, 'staff')),
  );
};
