/** The user details record, cached by TanStack Query; the profile socket replaces it live. */
import { currentStage, kycList, type UserDetailsRecord } from '@ekyc/contracts/user-details';
import { progressOf } from '@ekyc/contracts/stages';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { applicantApi } from './api-client';
import { useSession } from './session';

export const USER_DETAILS_KEY = ['user-details'] as const;

export async function fetchUserDetails(): Promise<UserDetailsRecord> {
  // the record's schema comes with the first read (a signed-in page), not with the sign-up page
  const { userDetailsRecordSchema } = await import('@ekyc/contracts/user-details-schema');
  return applicantApi.data('GET', 'get-user-details', userDetailsRecordSchema);
}

export function useUserDetails() {
  const { token } = useSession();
  const query = useQuery({
    queryKey: USER_DETAILS_KEY,
    queryFn: fetchUserDetails,
    enabled: Boolean(token),
    staleTime: 30_000,
  });
  const record = query.data;
  return {
    record,
    details: record?.[0],
    callback: record?.[1],
    stage: currentStage(record),
    progress: progressOf(kycList(record)),
    // read through the query's own getters: React Query renders a component again only for what it
    // read, so the live channel's copy of an unchanged record (pushed as it connects) renders nothing
    get isLoading() {
      return query.isLoading;
    },
    get dataUpdatedAt() {
      return query.dataUpdatedAt;
    },
  };
}

/** The reviewer's reason for sending a stage back, from the record's kyc list (undefined when none). */
export function rejectionReason(record: UserDetailsRecord | undefined, stage: number): string | undefined {
  const entry = kycList(record).find((k) => k.stage === stage && k.admin_activity === 'Reject');
  return entry?.reason ?? undefined;
}

/** Mutations that change the record invalidate it (section 7). */
export const invalidateUserDetails = (client: QueryClient) => client.invalidateQueries({ queryKey: USER_DETAILS_KEY });
