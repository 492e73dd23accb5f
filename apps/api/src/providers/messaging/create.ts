/** The messaging port is chosen once, from configuration. */
import { LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { registrationLine } from '@ekyc/contracts/calls/broker-documents';
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import type { DatabaseRef } from '../../db/client.ts';
import type { Hasher } from '../../lib/crypto.ts';
import type { SelfFetch } from '../http.ts';
import { withMessageRecords } from './message-records.ts';
import { Msg91MessageSender } from './msg91.ts';
import type { MessageSender, TemplateName } from './port.ts';
import { SandboxMessageSender } from './sandbox.ts';
import { createSandboxSms, createSmsFailover } from './sms-vendors.ts';

/**
 * Every email ends with the broker's name and registration numbers (SEBI, exchange member codes,
 * DP id), whichever part of the application sends it.
 */
export function withRegistrations(sender: MessageSender, line: string): MessageSender {
  return {
    send: (m) => sender.send(m.channel === 'email' ? { ...m, text: `${m.text}\n\n--\n${line}` } : m),
    ...(sender.observe && { observe: sender.observe.bind(sender) }),
    ...(sender.linkRecipient && { linkRecipient: sender.linkRecipient.bind(sender) }),
  };
}

export function createMessageSender(
  config: Config,
  database: DatabaseRef,
  hasher: Hasher,
  selfFetch?: SelfFetch,
  now?: () => number,
): MessageSender {
  const sender = withRegistrations(createSender(config, database, selfFetch), registrationLine(config.broker));
  return withMessageRecords(sender, database, hasher, now);
}

function createSender(config: Config, database: DatabaseRef, selfFetch?: SelfFetch): MessageSender {
  const env = config.providerEnv;
  if (config.sandbox) return createSandboxSms(config, new SandboxMessageSender(database), selfFetch);
  const need = requiredSetting(config);
  // each language's DLT templates: MSG91_TEMPLATE_OTP_HI, MSG91_WHATSAPP_TEMPLATE_DECISION_MAR, ...
  const byLanguage = (prefix: string) =>
    Object.fromEntries(
      LANGUAGES.filter((l) => l !== 'en').map((l) => [
        l,
        Object.fromEntries(
          (
            [
              'otp',
              'esign_otp',
              'decision',
              'activation',
              'purge_notice',
              'reminder',
              'service_request',
              'closure',
              'send_back_reminder',
              'segments_pending',
              'document_request',
            ] as TemplateName[]
          )
            .map((t) => [t, env[`${prefix}_${t.toUpperCase()}_${l.toUpperCase()}`]])
            .filter(([, id]) => id),
        ),
      ]),
    ) as Partial<Record<Language, Partial<Record<TemplateName, string>>>>;
  const msg91 = new Msg91MessageSender({
    baseUrl: env.MSG91_BASE_URL ?? 'https://control.msg91.com',
    authKey: need('MSG91_AUTH_KEY'),
    sender: need('MSG91_SENDER_ID'),
    templates: {
      otp: need('MSG91_TEMPLATE_OTP'),
      esign_otp: env.MSG91_TEMPLATE_ESIGN_OTP ?? need('MSG91_TEMPLATE_OTP'),
      decision: need('MSG91_TEMPLATE_DECISION'),
      activation: env.MSG91_TEMPLATE_ACTIVATION ?? need('MSG91_TEMPLATE_DECISION'),
      purge_notice: env.MSG91_TEMPLATE_PURGE_NOTICE ?? need('MSG91_TEMPLATE_DECISION'),
      reminder: env.MSG91_TEMPLATE_REMINDER ?? need('MSG91_TEMPLATE_DECISION'),
      service_request: env.MSG91_TEMPLATE_SERVICE_REQUEST ?? need('MSG91_TEMPLATE_DECISION'),
      closure: env.MSG91_TEMPLATE_CLOSURE ?? need('MSG91_TEMPLATE_DECISION'),
      send_back_reminder: env.MSG91_TEMPLATE_SEND_BACK_REMINDER ?? need('MSG91_TEMPLATE_DECISION'),
      segments_pending: env.MSG91_TEMPLATE_SEGMENTS_PENDING ?? need('MSG91_TEMPLATE_DECISION'),
      document_request: env.MSG91_TEMPLATE_DOCUMENT_REQUEST ?? need('MSG91_TEMPLATE_DECISION'),
    },
    templatesByLanguage: byLanguage('MSG91_TEMPLATE'),
    whatsapp: {
      number: need('MSG91_WHATSAPP_NUMBER'),
      templates: {
        otp: need('MSG91_WHATSAPP_TEMPLATE_OTP'),
        ...(env.MSG91_WHATSAPP_TEMPLATE_DECISION && { decision: env.MSG91_WHATSAPP_TEMPLATE_DECISION }),
        ...(env.MSG91_WHATSAPP_TEMPLATE_ACTIVATION && { activation: env.MSG91_WHATSAPP_TEMPLATE_ACTIVATION }),
      },
      templatesByLanguage: byLanguage('MSG91_WHATSAPP_TEMPLATE'),
      namespace: env.MSG91_WHATSAPP_NAMESPACE ?? null,
      language: env.MSG91_WHATSAPP_LANGUAGE ?? 'en',
    },
    mailUrl: env.MAIL_API_URL ?? 'https://api.sendgrid.com/v3/mail/send',
    mailKey: need('MAIL_API_KEY'),
    mailFrom: need('MAIL_FROM'),
    provider: 'msg91',
  });
  return createSmsFailover(config, msg91);
}
