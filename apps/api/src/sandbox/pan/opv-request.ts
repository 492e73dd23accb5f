/**
 * The sandbox PAN source's own reading of Protean's Online PAN Verification request (API
 * version 4), written from a public integration and not from the adapter
 * (mohitpawar61/PanVerification @c7fbf2d):
 * - the address: `protean.uat-url=https://opvapi.egov.proteantech.in/TIN/PanInquiryAPIBackEnd`
 *   (src/main/resources/application.properties, line 16); version 4 (line 14);
 * - the body: the record OpvRequest (dto/OpvRequest.java, lines 7-14: User_ID, Records_count,
 *   Request_time, Transaction_ID, Version, inputData, signature) with inputData a list of
 *   PanRequest (dto/PanRequest.java, lines 5-8: pan, name, fathername, dob);
 * - Request_time: the sender's local (Indian) time as `yyyy-MM-dd'T'HH:mm:ss`, Transaction_ID
 *   `<User_ID>:<milliseconds>` (service/ProteanService.java, lines 61-75).
 * No other key is allowed: a renamed or extra key is refused, as Protean refuses a malformed body.
 */
import { z } from 'zod';

/** The path after Protean's host (application.properties, line 16). */
export const OPV_PATH = '/TIN/PanInquiryAPIBackEnd';

const panRequest = z.strictObject({
  pan: z.string().max(10),
  name: z.string().max(85),
  fathername: z.string().max(85),
  dob: z.string().max(10),
});

export const opvRequestSchema = z.strictObject({
  User_ID: z.string().max(64),
  Records_count: z.string().regex(/^\d{1,3}$/),
  Request_time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  Transaction_ID: z.string().max(128),
  Version: z.literal('4'),
  inputData: z.array(panRequest).min(1).max(5),
  // absent: refused with code 19 (signature missing), as Protean answers it
  signature: z.string().max(20_000).optional(),
});
export type OpvRequest = z.infer<typeof opvRequestSchema>;

/** The instant a Request_time names: `yyyy-MM-dd'T'HH:mm:ss` read as Indian Standard Time. */
export const instantOfRequestTime = (text: string) => Date.parse(`${text}+05:30`);

/** A body the sandbox takes: well formed, its count matching its records, its id naming its user. */
export function opvRequestProblem(b: OpvRequest): string | null {
  if (Number(b.Records_count) !== b.inputData.length) return 'Records_count does not match inputData';
  if (!b.Transaction_ID.startsWith(`${b.User_ID}:`)) return 'Transaction_ID is not <User_ID>:<time>';
  return Number.isFinite(instantOfRequestTime(b.Request_time)) ? null : 'Request_time is not a time';
}
