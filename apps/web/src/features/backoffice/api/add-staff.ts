import type { StaffMember } from '@ekyc/contracts/calls/backoffice-login';
import type { AddStaffBody } from '@ekyc/contracts/calls/backoffice-staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './list-staff';
import { staffRequest } from './staff-client';

export const addStaff = (body: AddStaffBody) => staffRequest<{ staff: StaffMember }>('POST', 'staff', { body });

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addStaff, onSuccess: () => client.invalidateQueries({ queryKey: staffKey }) });
}
