import { awaitingDataSchema } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { nextDataSchema } from '@ekyc/contracts/calls/backoffice-operations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const awaitingKey = ['backoffice', 'awaiting-confirmation'] as const;

/** The checker's queue: every stage accepted, waiting for a confirmation, oldest first. */
export function useAwaitingConfirmation(page: number) {
  return useQuery({
    queryKey: [...awaitingKey, page],
    queryFn: () => staffData('GET', 'applications/awaiting-confirmation', awaitingDataSchema, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The next application the signed-in checker may confirm (null when none). */
export const nextAwaiting = async (after?: string) =>
  (
    await staffData('GET', 'applications/awaiting-confirmation/next', nextDataSchema, {
      query: after ? { after } : {},
    })
  ).id;
