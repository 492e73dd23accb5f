/** The messaging port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { Msg91MessageSender } from './msg91.ts';
import type { MessageSender } from './port.ts';
import { SandboxMessageSender } from './sandbox.ts';

export function createMessageSender(config: Config, database: Database): MessageSender {
  const env = config.providerEnv;
  if (config.sandbox) return new SandboxMessageSender(database);
  const need = requiredSetting(config);
  return new Msg91MessageSender({
    baseUrl: env.MSG91_BASE_URL ?? 'https://control.msg91.com',
    authKey: need('MSG91_AUTH_KEY'),
    sender: need('MSG91_SENDER_ID'),
    templates: {
      otp: need('MSG91_TEMPLATE_OTP'),
      esign_otp: env.MSG91_TEMPLATE_ESIGN_OTP ?? need('MSG91_TEMPLATE_OTP'),
      decision: need('MSG91_TEMPLATE_DECISION'),
      activation: env.MSG91_TEMPLATE_ACTIVATION ?? need('MSG91_TEMPLATE_DECISION'),
    },
    whatsapp: {
      number: need('MSG91_WHATSAPP_NUMBER'),
      templates: {
        otp: need('MSG91_WHATSAPP_TEMPLATE_OTP'),
        ...(env.MSG91_WHATSAPP_TEMPLATE_DECISION && { decision: env.MSG91_WHATSAPP_TEMPLATE_DECISION }),
        ...(env.MSG91_WHATSAPP_TEMPLATE_ACTIVATION && { activation: env.MSG91_WHATSAPP_TEMPLATE_ACTIVATION }),
      },
      namespace: env.MSG91_WHATSAPP_NAMESPACE ?? null,
      language: env.MSG91_WHATSAPP_LANGUAGE ?? 'en',
    },
    mailUrl: env.MAIL_API_URL ?? 'https://api.sendgrid.com/v3/mail/send',
    mailKey: need('MAIL_API_KEY'),
    mailFrom: need('MAIL_FROM'),
  });
}
