/**
 * The back office's API client: /api/v1/backoffice with the staff token (kept for this tab only,
 * apart from any applicant session). A 401 ends the staff session and leads to the login page.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient } from '../../../lib/api-client';
import { tabToken } from '../../../lib/tab-token';

const BACKOFFICE_API = '/api/v1/backoffice';
export const staffToken = tabToken('ekyc.staff.token');

export const useStaffToken = () => useSyncExternalStore(staffToken.subscribe, staffToken.get, staffToken.get);

/** The back office's instance of the one API client. */
export const staffApi = createApiClient({
  base: BACKOFFICE_API,
  token: staffToken.get,
  onUnauthorized: () => staffToken.set(null),
});

export const staffRequest = staffApi.request;
/** Unwraps a reply that must succeed (every back-office read). */
export const staffData = staffApi.data;
