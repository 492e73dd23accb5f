/**
 * The e-sign window. It opens on the signing service's form (answered by the consent call, posted
 * by the window), and the service posts its answer from the applicant's browser to a response URL
 * of ours (the form's, the DDPI's, a client request's), which answers the page the window shows
 * before it closes by itself. Both are in the signer's language, their texts catalogue messages
 * (ESIGN_WINDOW_KEYS): English from the contract, the other languages from the web build's texts.
 */
import type { EsignWindowKey } from '@ekyc/contracts/acknowledgements';
import { LANGUAGE_TAGS, type Language } from '@ekyc/contracts/constants';
import { z } from 'zod';
import { escapeHtml } from './html.ts';
import { requestLanguage } from './language.ts';
import { told } from './outcome.ts';
import { webTexts } from './web-texts.ts';

/** What the window says at the end: a title, a line, and the signing service's own words when it gave a reason. */
export interface WindowResult {
  title: EsignWindowKey;
  text?: EsignWindowKey;
  /** The signing service's (or the signature check's) reason, as written (not translated). */
  detail?: string;
}

/**
 * How a signing service's answer ended: `Ended` (signed, by default), or failed or not valid with
 * the message key the window says (and the socket, for a failure) and the service's own words;
 * `language` is the signer's, null when the answer names no transaction of ours.
 */
export type SigningCompletion<Ended extends { kind: string } = { kind: 'signed' }> = { language: Language | null } & (
  Ended | { kind: 'failed'; said: EsignWindowKey; detail?: string } | { kind: 'invalid'; said: EsignWindowKey }
);

/** What the window says of an answer that signed nothing: the spec's error, why, and the service's own words. */
export const notSigned = (c: { said: EsignWindowKey; detail?: string }): WindowResult => ({
  title: 'esignError',
  ...(c.said !== 'esignError' && { text: c.said }),
  ...(c.detail && { detail: c.detail }),
});

export const CLOSE_SCRIPT_URL = '/api/v1/ekyc/esign-response/close.js';
export const CLOSE_JS =
  "document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('close');" +
  "if(b)b.addEventListener('click',function(){window.close()});setTimeout(function(){window.close()},2000)});";

/** The window's texts in a language, from the build in `webDist`. */
function sayer(webDist: string) {
  const texts = webTexts(webDist);
  return (language: Language, key: EsignWindowKey) =>
    (language !== 'en' && texts[language]?.messages?.[key]) || told(key).message;
}

/**
 * The page the window shows at the end, for the build in `webDist`; `back` is where it sends the
 * reader. In the signer's language (kept with their record), else, for an answer that names no
 * transaction of ours, in the browser's (Accept-Language).
 */
export function esignWindow(webDist: string, back: 'application' | 'account') {
  const say = sayer(webDist);
  return (result: WindowResult, signer: Language | null, acceptLanguage: string | undefined) => {
    const language = signer ?? requestLanguage(acceptLanguage) ?? 'en';
    const title = say(language, result.title);
    const lines = [
      result.text && say(language, result.text),
      result.detail && `${say(language, 'esignDetail')} ${result.detail}`,
      say(language, back === 'application' ? 'esignWindowBack' : 'esignWindowBackAccount'),
    ].filter((line): line is string => !!line);
    return (
      `<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><script src="${CLOSE_SCRIPT_URL}" defer></script></head>` +
      `<body style="font:16px/1.5 system-ui,sans-serif;margin:24px;color:#1a1a2e"><h1 style="font-size:20px">${escapeHtml(title)}</h1>` +
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<button id="close" type="button" style="font:inherit;padding:8px 16px">${escapeHtml(say(language, 'esignWindowClose'))}</button></body></html>`
    );
  };
}

/** The signing service's form the window opens on (the consent call's `api_response`), in the reader's language. */
export function signingFormHtml(
  webDist: string,
  language: Language,
  form: { action: string; fields: Record<string, string> },
): string {
  const say = sayer(webDist);
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return (
    `<form id="esign-form" method="post" action="${escapeHtml(form.action)}" accept-charset="utf-8">${inputs}` +
    `<p style="font:16px system-ui;margin:24px">${escapeHtml(say(language, 'esignConnecting'))}</p>` +
    `<button type="submit" style="font:16px system-ui;margin:0 24px">${escapeHtml(say(language, 'esignContinue'))}</button></form>`
  );
}

/** The signing service's answer as its form posts it: the signed <EsignResp> in eSignResponse (C-DAC, eMudhra) or msg (Protean). */
export const esignResponseBody = z
  .object({
    eSignResponse: z.string().min(1).max(200_000).optional(),
    msg: z.string().min(1).max(200_000).optional(),
    espTxnID: z.string().max(64).optional(),
  })
  .refine((b) => b.eSignResponse !== undefined || b.msg !== undefined, {
    message: 'eSignResponse or msg is required',
    path: ['eSignResponse'],
  });
