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

/**
 * The sandbox: its outbox writer stands in for MSG91 (and carries WhatsApp and email); "kaleyra"
 * speaks Kaleyra's wire format to /sandbox/kaleyra through the sandbox transport (SANDBOX_FAULTS).
 * With SMS_VENDORS unset, or "msg91" alone, every message goes straight to the outbox.
 */
export function createSandboxSms(config: Config, outbox: MessageSender, selfFetch?: SelfFetch): MessageSender {
  const names = config.surge.smsVendors;
  if (!names.includes('kaleyra') || !selfFetch) return outbox;
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
        : outbox,
  }));
  return new FailoverSmsSender(vendors, outbox, config.surge.breaker);
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
