import { isMessageKey, MSG, type MessageKey, type PlainText } from '@ekyc/contracts/messages';

/**
 * A handled outcome of a stage action: HTTP 200 with status true or false. The applicant
 * navigates to data.screen whether the call succeeded or failed (section 4). `code` is the
 * message's key in MSG when it comes from the catalogue (the client translates by it).
 */
export interface Outcome<D extends object = Record<string, unknown>> {
  status: boolean;
  message: string;
  code?: MessageKey;
  data: D;
}

/** A catalogue message by its key, or a plain text outside the catalogue. */
export type Said<T extends string> = MessageKey | PlainText<T>;

/** The reply's message and code from a catalogue key or a plain text. */
export function spoken(said: string): { message: string; code?: MessageKey } {
  return isMessageKey(said) ? { message: MSG[said], code: said } : { message: said };
}

export const ok = <D extends object, T extends string>(said: Said<T>, data: D): Outcome<D> => ({
  status: true,
  ...spoken(said),
  data,
});
export const fail = <D extends object, T extends string>(said: Said<T>, data: D): Outcome<D> => ({
  status: false,
  ...spoken(said),
  data,
});
