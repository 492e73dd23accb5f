/** The e-sign window's result page and the ESP's posted answer, shared by the form's and the DDPI's response URLs. */
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';

export const CLOSE_JS =
  "document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('close');" +
  "if(b)b.addEventListener('click',function(){window.close()});setTimeout(function(){window.close()},2000)});";

export const resultPage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><script src="/api/v1/ekyc/esign-response/close.js" defer></script></head>` +
  `<body style="font:16px/1.5 system-ui,sans-serif;margin:24px;color:#1a1a2e"><h1 style="font-size:20px">${escapeHtml(title)}</h1>` +
  `<p>${escapeHtml(text)}</p><p>Return to the application; this window closes by itself.</p>` +
  `<button id="close" type="button" style="font:inherit;padding:8px 16px">Close this window</button></body></html>`;

/** The signed <EsignResp>: in eSignResponse (C-DAC, eMudhra) or msg (Protean). */
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
