import { z } from 'zod';

/** An application's, a staff member's or a saved view's id in a back-office route: a UUID. */
export const idParams = z.object({ id: z.uuid() });
