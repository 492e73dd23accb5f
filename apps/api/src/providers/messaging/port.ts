/** Sends SMS, WhatsApp and email. The OTP, when a message carries one, is passed apart from the text. */
import type { Language } from '@ekyc/contracts/constants';
import type { VendorEvent } from '../failover.ts';

export type Channel = 'sms' | 'whatsapp' | 'email';

export type TemplateName =
  | 'otp'
  | 'decision'
  | 'esign_otp'
  | 'activation'
  | 'purge_notice'
  | 'staff_invitation'
  | 'reminder'
  | 'service_request'
  | 'closure'
  | 'send_back_reminder'
  | 'segments_pending'
  | 'document_request';

/** A file an email carries (the welcome kit). */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  channel: Channel;
  /** A 10-digit mobile or an email address. */
  to: string;
  /** DLT template name: the production adapter maps it to a registered template id. */
  template: TemplateName;
  /** The whole text, for email and the sandbox outbox. */
  text: string;
  otp?: string;
  /**
   * The DLT template's variables (SMS and WhatsApp): fixed text is registered with the template,
   * only these fill it, each at most 40 characters (TRAI DLT, as MSG91 enforces it).
   */
  vars?: Record<string, string>;
  subject?: string;
  /** The language the text is written in (English when absent): the production adapter picks that language's template. */
  language?: Language;
  /** Email only. */
  attachments?: Attachment[];
  /** The application the message is about, when the caller knows it: its record names the message's gateway. */
  applicantId?: string;
}

/** Which gateway took a message: msg91, kaleyra (SMS_VENDORS) or mail (the e-mail API). */
export interface Sent {
  gateway: string;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<Sent>;
  /** With several SMS gateways (SMS_VENDORS): metrics follow the choices and the circuits. */
  observe?(listener: (event: VendorEvent) => void): void;
  /**
   * The sign-up OTP goes out before the applicant exists: once they verify it, the records of the
   * messages sent to their mobile without an application are linked to theirs (message-records.ts).
   */
  linkRecipient?(to: string, applicantId: string): Promise<void>;
}

/** TRAI DLT: "Characters passed in a single VARIABLE should be ... less than or equal to 40". */
export const DLT_VAR_MAX = 40;

/** The variables each template fills, in the order the registered text uses them. */
export const TEMPLATE_VARS: Record<TemplateName, readonly string[]> = {
  otp: ['otp'],
  esign_otp: ['otp'],
  // "Your account application needs a correction in {#stages#} ({#count#} item(s)). Open the application and tap Retry."
  decision: ['stages', 'count'],
  // "Your demat and trading account is active from {#date#}. Your client code is {#client_code#}."
  activation: ['date', 'client_code'],
  // "You have not continued your account application for a long time. To protect your data we will erase it on {#date#}. ..."
  purge_notice: ['date'],
  // e-mail only (a staff member's invitation link): no SMS template is registered for it
  staff_invitation: [],
  // "You stopped at the {#step#} step of your account opening. Continue where you left off: https://<the broker's site>/{#path#}"
  reminder: ['step', 'path'],
  // "Your request {#request#} ({#kind#}) is now: {#status#}." (the client area)
  service_request: ['request', 'kind', 'status'],
  // "We have closed your account application. Open the application to see why, or contact customer support."
  closure: [],
  // "Your account application is waiting for your correction. Make it by {#date#} or the application will be closed."
  send_back_reminder: ['date'],
  // "Your account application is approved. Active now: {#active#}. Waiting for your income proof: {#held#}. ..."
  segments_pending: ['active', 'held'],
  // "The reviewer of your account application asks for one more document. Open the application to see which one and upload it."
  document_request: [],
};

/** Characters as DLT counts them: code points, so that a surrogate pair is one and never split. */
const characters = (value: string) => Array.from(value);

/**
 * Shortens a value to the DLT limit, on a word boundary where one is near. The production adapter
 * also makes it GSM-safe when it goes into an English template (gsm.ts).
 */
export function dltValue(value: string): string {
  const v = characters(value.replace(/\s+/g, ' ').trim());
  if (v.length <= DLT_VAR_MAX) return v.join('');
  const cut = v.slice(0, DLT_VAR_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

/** The variables of a message as the template needs them; an error names what is missing or too long. */
export function templateVars(m: OutgoingMessage): Record<string, string> {
  const vars: Record<string, string> = { ...(m.otp !== undefined && { otp: m.otp }), ...m.vars };
  const out: Record<string, string> = {};
  for (const name of TEMPLATE_VARS[m.template]) {
    const value = vars[name];
    if (value === undefined) throw new Error(`template ${m.template} needs the variable ${name}`);
    const length = characters(value).length;
    if (length > DLT_VAR_MAX)
      throw new Error(`template ${m.template}: ${name} has ${length} characters, DLT allows ${DLT_VAR_MAX}`);
    out[name] = value;
  }
  return out;
}
