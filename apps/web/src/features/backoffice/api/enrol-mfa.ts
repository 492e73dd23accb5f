import { staffMfaEnrolmentSchema } from '@ekyc/contracts/calls/backoffice-mfa';
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from './staff-client';

/** A new authenticator secret (text, otpauth URI, QR code) for the account that must enrol. */
export const enrolMfa = (challenge: string) =>
  staffRequest('POST', 'login/mfa/enrol', staffMfaEnrolmentSchema, { body: { challenge } });

export const useEnrolMfa = () => useMutation({ mutationFn: enrolMfa });
