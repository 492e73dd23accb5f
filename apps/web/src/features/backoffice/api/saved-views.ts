/** The signed-in staff member's saved views of the queue: list, save (by name) and delete. */
import { type SaveViewRequest, savedViewSchema } from '@ekyc/contracts/calls/backoffice-views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { noData } from '../../../lib/api-client';
import { staffData } from './staff-client';

export const savedViewsKey = ['backoffice', 'saved-views'] as const;

export function useSavedViews() {
  return useQuery({
    queryKey: savedViewsKey,
    queryFn: () => staffData('GET', 'views', z.array(savedViewSchema)),
    staleTime: 60_000,
  });
}

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveViewRequest) => staffData('POST', 'views', savedViewSchema, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: savedViewsKey }),
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staffData('POST', `views/${encodeURIComponent(id)}/delete`, noData),
    onSettled: () => client.invalidateQueries({ queryKey: savedViewsKey }),
  });
}
