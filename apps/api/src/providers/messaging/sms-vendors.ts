/**
 * The SMS gateways of SMS_VENDORS, in order: "msg91" (the MSG91 sender, which also carries
 * WhatsApp and email) and "kaleyra" (Kaleyra's SMS API, settings KALEYRA_*).
 */
import { LANGUAGES, type Language } from '@ekyc/contracts/constants';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { invalidSetting, requiredSetting } from '../settings.ts';
import { FailoverSmsSender } from './failover.ts';
import { KaleyraSmsSender } from './kaleyra.ts';
import { Msg91MessageSender, type Msg91Options } from './msg91.ts';
import type { MessageSender, TemplateName } from './port.ts';

/** The SMS gateways this application speaks, by their name in SMS_VENDORS. */
const SMS_PROVIDERS = ['msg91', 'kaleyra'] as const;

const SMS_TEMPLATES: TemplateName[] = [
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
];

/** Kaleyra with the DLT template ids KALEYRA_TEMPLATE_<NAME> and KALEYRA_TEMPLATE_<NAME>_<LANG>. */
function createKaleyra(config: Config): KaleyraSmsSender {
  const env = config.providerEnv;
  const need = requiredSetting(config);
  const ids = (suffix: string) =>
    Object.fromEntries(
      SMS_TEMPLATES.map((t) => [t, env[`KALEYRA_TEMPLATE_${t.toUpperCase()}${suffix}`]]).filter(([, id]) => id),
    ) as Partial<Record<TemplateName, string>>;
  const templates = ids('');
  templates.otp = need('KALEYRA_TEMPLATE_OTP');
  return new KaleyraSmsSender({
    baseUrl: (env.KALEYRA_BASE_URL ?? 'https://api.kaleyra.io').replace(/\/$/, ''),
    sid: need('KALEYRA_SID'),
    apiKey: need('KALEYRA_API_KEY'),
    sender: need('KALEYRA_SENDER_ID'),
    templates,
    templatesByLanguage: Object.fromEntries(
      LANGUAGES.filter((l) => l !== 'en').map((l) => [l, ids(`_${l.toUpperCase()}`)]),
    ) as Partial<Record<Language, Partial<Record<TemplateName, string>>>>,
    provider: 'kaleyra',
  });
}

/** The production MSG91 sender pointed at the sandbox MSG91 (/sandbox/msg91), with its account's templates. */
function sandboxMsg91(selfFetch: SelfFetch): Msg91MessageSender {
  return new Msg91MessageSender({
    baseUrl: `${SANDBOX_ORIGIN}/sandbox/msg91`,
    authKey: 'sandbox-msg91-authkey',
    sender: 'SNDBOX',
    templates: Object.fromEntries(SMS_TEMPLATES.map((t) => [t, `sandbox-${t}`])) as Msg91Options['templates'],
    whatsapp: {
      number: '919000000000',
      templates: { otp: 'sandbox_otp', decision: 'sandbox_decision', activation: 'sandbox_activation' },
      namespace: null,
      language: 'en',
    },
    // e-mail does not go through MSG91: the sandbox's outbox writer takes it
    mailUrl: `${SANDBOX_ORIGIN}/sandbox/mail-unused`,
    mailKey: 'sandbox',
    mailFrom: 'sandbox@example.invalid',
    provider: 'msg91',
    fetch: selfFetch,
  });
}

/**
 * The sandbox. With SMS_VENDORS unset, or "msg91" alone, every message goes straight to the outbox,
 * with the application's own text (which the sandbox's readers, tests and the journey, read). With
 * a second gateway, each SMS gateway speaks its own wire format through the sandbox transport
 * (SANDBOX_FAULTS): "msg91" the production MSG91 sender to /sandbox/msg91 (SMS and WhatsApp, the
 * text then the sandbox account's registered template filled in), "kaleyra" Kaleyra's to
 * /sandbox/kaleyra; email goes to the outbox.
 */
export function createSandboxSms(config: Config, outbox: MessageSender, selfFetch?: SelfFetch): MessageSender {
  const names = config.surge.smsVendors;
  if (!names.includes('kaleyra') || !selfFetch) return outbox;
  const msg91 = sandboxMsg91(selfFetch);
  const vendors = names.map((name) => ({
    name,
    sender:
      name === 'kaleyra'
        ? new KaleyraSmsSender({
            baseUrl: `${SANDBOX_ORIGIN}/sandbox/kaleyra`,
            sid: 'sandbox',
            apiKey: 'sandbox',
            sender: 'SNDBOX',
            templates: Object.fromEntries(SMS_TEMPLATES.map((t) => [t, `sandbox-${t}`])),
            provider: name,
            fetch: selfFetch,
          })
        : msg91,
  }));
  const other: MessageSender = { send: (m) => (m.channel === 'email' ? outbox : msg91).send(m) };
  return new FailoverSmsSender(vendors, other, config.surge.breaker);
}

/** SMS through the gateways of SMS_VENDORS in order, failing over; WhatsApp and email through MSG91. */
export function createSmsFailover(config: Config, msg91: MessageSender): FailoverSmsSender {
  const vendors = config.surge.smsVendors.map((name) => {
    if (name === 'kaleyra') return { name, sender: createKaleyra(config) };
    if (name !== 'msg91') invalidSetting('SMS_VENDORS', `names ${name}: use ${SMS_PROVIDERS.join(' or ')}`);
    return { name, sender: msg91 };
  });
  return new FailoverSmsSender(vendors, msg91, config.surge.breaker);
}
