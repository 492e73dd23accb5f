import { staffLoginDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import type { StaffMfaVerifyBody } from '@ekyc/contracts/calls/backoffice-mfa';
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from './staff-client';

/**
 * The second factor's code completes the sign-in. The token is kept by the page: right after
 * enrolling it first shows the recovery codes, and only then opens the back office.
 */
export const verifyMfa = (body: StaffMfaVerifyBody) =>
  staffRequest('POST', 'login/mfa', staffLoginDataSchema, { body });

export const useVerifyMfa = () => useMutation({ mutationFn: verifyMfa });
