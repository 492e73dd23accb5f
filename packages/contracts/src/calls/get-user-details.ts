import { userDetailsRecordSchema } from '../user-details-schema.ts';
import { replySchema } from '../envelope.ts';

/** GET get-user-details (section 7): the user details record of section 3. */
export const getUserDetailsReplySchema = replySchema(userDetailsRecordSchema);
