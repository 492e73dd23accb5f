/**
 * The client area's API client: /api/v1/client with the client's token (kept for this tab only,
 * apart from any applicant or staff session). A 401 ends the client session and shows the sign-in.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient } from '../../../lib/api-client';
import { tabToken } from '../../../lib/tab-token';

export const CLIENT_API = '/api/v1/client';
export const clientToken = tabToken('ekyc.client.token');

export const useClientToken = () => useSyncExternalStore(clientToken.subscribe, clientToken.get, clientToken.get);

export const clientApi = createApiClient({
  base: CLIENT_API,
  token: clientToken.get,
  onUnauthorized: () => clientToken.set(null),
});
