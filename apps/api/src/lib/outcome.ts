import { ACK, type AckKey } from '@ekyc/contracts/acknowledgements';
import { isMessageKey, MSG, type MessageKey, type PlainText } from '@ekyc/contracts/messages';

/** The key of an applicant reply's message: one of the spec's messages (MSG) or an acknowledgement (ACK). */
export type ReplyKey = MessageKey | AckKey;
const TEXT: Record<ReplyKey, string> = { ...MSG, ...ACK };

/**
 * A handled outcome of a stage action: HTTP 200 with status true or false. The applicant
 * navigates to data.screen whether the call succeeded or failed (section 4). `code` is the
 * message's key (the client translates by it); only staff, sandbox and operations replies go
 * without one.
 */
export interface Outcome<D extends object = Record<string, unknown>> {
  status: boolean;
  message: string;
  code?: ReplyKey;
  data: D;
}

/** A message of the catalogue by its key, as a socket message or a page carries it: its English text and the key. */
export const told = (key: ReplyKey) => ({ message: TEXT[key], code: key });

/** A catalogue message by its key (MSG or ACK), or a plain text outside the catalogue. */
export type Said<T extends string> = ReplyKey | PlainText<T>;

const isReplyKey = (said: string): said is ReplyKey => isMessageKey(said) || Object.hasOwn(ACK, said);

/** The reply's message and code from a catalogue key or a plain text. */
export function spoken(said: string): { message: string; code?: ReplyKey } {
  return isReplyKey(said) ? told(said) : { message: said };
}

/** An applicant reply: its English text and, beside it, the key it is translated by. */
export const ok = <D extends object>(key: ReplyKey, data: D): Outcome<D> => ({
  status: true,
  message: TEXT[key],
  code: key,
  data,
});
export const fail = <D extends object>(key: ReplyKey, data: D): Outcome<D> => ({
  status: false,
  message: TEXT[key],
  code: key,
  data,
});

/** A staff, sandbox or operations reply: a plain English text (or a catalogue key) for screens in English. */
export const plainOk = <D extends object, T extends string>(said: Said<T>, data: D): Outcome<D> => ({
  status: true,
  ...spoken(said),
  data,
});
export const plainFail = <D extends object, T extends string>(said: Said<T>, data: D): Outcome<D> => ({
  status: false,
  ...spoken(said),
  data,
});
