/**
 * The sandbox MSG91 account's registered templates, as MSG91 keeps them: an SMS template's DLT text
 * with `##name##` variables, and approved WhatsApp templates whose body takes `body_1…` in order.
 * The sandbox's own copy: what a real account would have registered, not read from the adapter.
 */

/** The key the sandbox account accepts in the `authkey` header. */
export const SANDBOX_MSG91_AUTH_KEY = 'sandbox-msg91-authkey';

export const SANDBOX_MSG91_SMS_TEMPLATES: Readonly<Record<string, string>> = {
  'sandbox-otp': '##otp## is your OTP to open your demat and trading account. Do not share it with anyone.',
  'sandbox-esign_otp': '##otp## is your Aadhaar OTP to eSign the account opening form. Do not share it with anyone.',
  'sandbox-decision':
    'Your account application needs a correction in ##stages## (##count## item(s)). Open the application and tap Retry.',
  'sandbox-activation': 'Your demat and trading account is active from ##date##. Your client code is ##client_code##.',
  'sandbox-purge_notice':
    'You have not continued your account application for a long time. To protect your data we will erase it on ##date##. Open the application before then to keep it.',
  'sandbox-reminder': 'You stopped at the ##step## step of your account opening. Continue where you left off: ##path##',
  'sandbox-service_request': 'Your request ##request## (##kind##) is now: ##status##.',
  'sandbox-closure':
    'We have closed your account application. Open the application to see why, or contact customer support.',
  'sandbox-send_back_reminder':
    'Your account application is waiting for your correction. Make it by ##date## or the application will be closed.',
};

export const SANDBOX_MSG91_WHATSAPP_TEMPLATES: Readonly<Record<string, string>> = {
  sandbox_otp: '{{1}} is your verification code. For your security, do not share this code.',
  sandbox_decision:
    'Your account application needs a correction in {{1}} ({{2}} item(s)). Open the application and tap Retry.',
  sandbox_activation: 'Your demat and trading account is active from {{1}}. Your client code is {{2}}.',
};

/** The variables a registered SMS template names, in order. */
export const smsVariables = (text: string): string[] => [...text.matchAll(/##(\w+)##/g)].map((m) => m[1]!);
