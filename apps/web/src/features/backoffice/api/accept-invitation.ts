import { type AcceptInvitationBody } from '@ekyc/contracts/calls/backoffice-staff';
import { staffLoginDataSchema } from '@ekyc/contracts/calls/backoffice-login';
import { staffMfaChallengeSchema } from '@ekyc/contracts/calls/backoffice-mfa';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { staffRequest, staffToken } from './staff-client';

/**
 * The password the invitee chooses through their link: the reply is the sign-in's (the second
 * factor next, or the session); status false when the link is not valid any more. Whoever was signed
 * in this tab before is signed out first: the link signs its invitee in.
 */
export const acceptInvitation = (body: AcceptInvitationBody) => {
  staffToken.set(null);
  return staffRequest('POST', 'invitation', z.union([staffLoginDataSchema, staffMfaChallengeSchema]), { body });
};

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
