/** Serves the built web app: hashed assets, and index.html for the applicant and public routes. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { requestLanguage } from '../lib/language.ts';
import { fail } from '../lib/outcome.ts';
import { type WebTexts, webTexts } from '../lib/web-texts.ts';

/**
 * The app shell: the onboarding page's header and title (and the sign-up page's opening line) are
 * in the HTML itself, in the applicant's language (cookie ekyc_lang), so a slow phone paints the
 * page before any script has run; the web app then takes the page over. Other pages get no shell.
 */
type Lang = Language;

/** The language chosen in the app (cookie), else on a first visit the browser's own (Accept-Language). */
function languageOf(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  const chosen = /(?:^|;\s*)ekyc_lang=([a-z]+)/.exec(cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  return requestLanguage(acceptLanguage) ?? 'en';
}

function createShell(texts: WebTexts) {
  const titles = new Map<Lang, Record<string, string>>();
  // The sign-up page's opening line is its largest text: painted with the HTML, it is the page's
  // largest contentful paint on a slow phone, long before the scripts arrive.
  const intros = new Map<Lang, string>();
  // the loader the shell shows until the page's scripts have run (a slow phone takes seconds)
  const loading = new Map<Lang, string>();
  for (const lang of LANGUAGES) {
    titles.set(lang, texts[lang]?.titles ?? {});
    loading.set(lang, texts[lang]?.loading || 'Loading…');
    intros.set(lang, texts[lang]?.intro ?? '');
  }
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (html: string, url: string, lang: Lang) => {
    const out = html.replace('%%LANG%%', LANGUAGE_TAGS[lang]);
    if (!url.startsWith('/ekyc1')) return out.replace(/<!--shell-start-->[\s\S]*<!--shell-end-->/, '');
    const rest = url.slice('/ekyc1'.length).replace(/\/$/, '');
    const key = rest === '' ? 'sign-up' : rest.slice(1).replace(/\//g, '.');
    const t = titles.get(lang) ?? {};
    const lead = key === 'sign-up' ? intros.get(lang) : '';
    return out
      .replace('%%TITLE%%', escape(t[key] ?? titles.get('en')?.[key] ?? t.default ?? ''))
      .replace('%%LEAD%%', lead ? `<p class="mb-4 text-muted">${escape(lead)}</p>` : '')
      .replace('%%LOADING%%', escape(loading.get(lang) ?? 'Loading…'));
  };
}

const API_PREFIXES = ['/api/', '/ws/', '/sandbox/', '/healthz', '/readyz', '/metrics', '/docs'];

/** Files of the built app the server never sends: build bookkeeping and the precompressed copies. */
const PRIVATE_FILE = /(^|\/)\.|\.(br|gz)$|^route-weights\.json$|^shell-texts\.json$|(^|\/)index\.html$/;

function appFiles(dir: string, base = ''): string[] {
  return readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const file = base ? `${base}/${entry.name}` : entry.name;
    if (PRIVATE_FILE.test(file)) return [];
    return entry.isDirectory() ? appFiles(dir, file) : [file];
  });
}

/**
 * How long a browser may keep a file: the hashed files under assets/ never change (a new build
 * names new files), so a year and immutable; anything else (favicon, service worker) is checked
 * again on each use, so a new release reaches every phone at its next visit.
 */
export const cacheControlOf = (file: string) =>
  file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

export async function registerWeb(app: FastifyInstance) {
  const dist = app.deps.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    // post-build writes .br and .gz beside every asset; send the smallest the browser accepts
    await app.register(fastifyStatic, {
      root: dist,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => res.header('cache-control', cacheControlOf(path.relative(dist, file))),
    });
    // The app's own files are outside the per-address API rate limit: one page load is some 35 of
    // them, and many applicants share one carrier address. Only the files the build wrote are
    // routes here; any other path still reaches the (rate-limited) not-found answer.
    for (const file of appFiles(dist))
      app.get(`/${file}`, { config: { rateLimit: false }, schema: { hide: true } }, (_req, reply) =>
        reply.sendFile(file),
      );
  }
  const pages = new Map<string, string>();
  const page = (file: string) => {
    if (!pages.has(file)) pages.set(file, readFileSync(file, 'utf8'));
    return pages.get(file)!;
  };
  const shell = createShell(webTexts(dist));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const wantsPage = req.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (wantsPage && hasWeb) {
      const backoffice = path.join(dist, 'backoffice', 'index.html');
      const file = url.startsWith('/backoffice') && existsSync(backoffice) ? backoffice : indexFile;
      const language = languageOf(req.headers.cookie, req.headers['accept-language']);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .send(shell(page(file), url, language));
    }
    return reply.status(404).send(fail('notFound', {}));
  });
}
