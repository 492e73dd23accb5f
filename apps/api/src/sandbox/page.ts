/** The sandbox providers' own pages share this plain, script-free layout (CSP allows no inline script). */
import { escapeHtml } from '../lib/html.ts';

export function sandboxPage(
  title: string,
  body: string,
  options: { refreshSeconds?: number; scripts?: string[] } = {},
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : ''}
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/sandbox/assets/sandbox.css">
${(options.scripts ?? []).map((s) => `<script src="${s}" defer></script>`).join('')}</head>
<body><header><span class="badge">SANDBOX</span><h1>${escapeHtml(title)}</h1></header><main>${body}</main></body></html>`;
}

export const SANDBOX_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a2e;background:#f6f7fb}
header{background:#1a1a2e;color:#fff;padding:12px 16px;display:flex;gap:12px;align-items:center}
header h1{font-size:18px;margin:0}.badge{background:#f5a623;color:#1a1a2e;font-weight:700;padding:2px 8px;border-radius:4px;font-size:12px}
main{padding:16px;max-width:720px;margin:0 auto}table{border-collapse:collapse;width:100%;background:#fff;font-size:14px}
td,th{border:1px solid #dde;padding:6px;text-align:left;vertical-align:top}button,.button{font:inherit;padding:10px 18px;border-radius:6px;border:0;background:#2f54eb;color:#fff;cursor:pointer;margin:4px 8px 4px 0;display:inline-block;text-decoration:none}
button.secondary,.button.secondary{background:#e5e7f0;color:#1a1a2e}input,select{font:inherit;padding:8px;border:1px solid #bbc;border-radius:6px;width:100%;box-sizing:border-box;margin:4px 0 12px}
label{font-weight:600;display:block}.card{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002;margin-bottom:16px}.error{color:#c0392b}`;
