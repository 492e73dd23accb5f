import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { stageReplySchema } from '../envelope.ts';

/**
 * GET kra-digilocker (section 7): the applicant confirms the KRA's address in place of DigiLocker
 * (pan-info 'Confirm'); the KRA record becomes the address document and the stage moves on.
 */
export const kraDigilockerDataSchema = z.object({ screen: screenSchema });

export const kraDigilockerReplySchema = stageReplySchema(kraDigilockerDataSchema);
