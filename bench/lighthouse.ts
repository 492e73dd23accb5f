/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) with Debian's chromium on
 * the sign-up page and three later steps; the median of three runs of each. Later steps need a
 * signed-in applicant: a Chrome profile is prepared with Playwright (the session in localStorage),
 * then Lighthouse runs on that profile without resetting storage.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, ms, type Section, table } from './lib.ts';
import { BASE_PATH, ROUTE } from '@ekyc/contracts/stages';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PAGES: Array<{ path: string; stage?: number }> = [
  { path: '/ekyc1/' },
  { path: `${BASE_PATH}${ROUTE.pan}`, stage: 130 },
  { path: `${BASE_PATH}${ROUTE.occupation}`, stage: 150 },
  { path: `${BASE_PATH}${ROUTE.bankMethod}`, stage: 160 },
];

async function seedProfile(baseUrl: string, stage: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-profile-'));
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const res = await fetch(`${baseUrl}/sandbox/fixtures/applicant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mobile,
      stage,
      sections: {
        pan_obj: {
          full_name: 'RAVI KUMAR SHARMA',
          name_on_card: 'RAVI KUMAR SHARMA',
          pan_number: 'ABCPS1234K',
          dob: '15/08/1990',
          is_kra: false,
        },
      },
    }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: FLAGS.slice(1),
    headless: true,
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${BASE_PATH}${ROUTE.verifyOtp}?mobile=0`);
  await page.evaluate(
    ([t, m]) =>
      // runs in the page (the benchmarks are type-checked without the DOM)
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
        'ekyc.session',
        JSON.stringify({
          token: t,
          isAuthenticated: true,
          phoneNumberEntered: m,
          userAuthInfo: { email: '', mobile: m, whatspp_opt: false },
        }),
      ),
    [token, mobile] as const,
  );
  await context.close();
  return dir;
}

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** The elements that moved (CSS selectors), when anything did. */
  shifted: string[];
}

async function runOnce(url: string, userDataDir?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...FLAGS, ...(userDataDir ? [`--user-data-dir=${userDataDir}`] : [])],
    userDataDir: userDataDir ?? false,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(userDataDir),
    });
    const lhr = result!.lhr;
    // a run Lighthouse could not finish (its runtimeError: no first paint, say) has no figures: it is
    // named and left out of the medians, not written as NaN
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcp: audit('first-contentful-paint'),
      shifted: (
        (lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string } }> })?.items ?? []
      )
        .map((item) => item.node?.selector ?? '')
        .filter(Boolean),
    };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseSection(baseUrl: string, runs = 3): Promise<Section> {
  // chrome-launcher would fail later with an unhandled spawn error
  if (!existsSync(CHROMIUM))
    throw new Error(`Lighthouse needs Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  const rows: Array<Array<string | number>> = [];
  const shifts: string[] = [];
  const failed: string[] = [];
  for (const p of PAGES) {
    const profile = p.stage ? await seedProfile(baseUrl, p.stage) : undefined;
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      try {
        results.push(await runOnce(`${baseUrl}${p.path}`, profile));
      } catch (err) {
        failed.push(`${p.path}: ${(err as Error).message}`);
        console.log(`lighthouse ${p.path}: a run failed (${(err as Error).message})`);
      }
    }
    if (profile) rmSync(profile, { recursive: true, force: true });
    const m = (k: Exclude<keyof Run, 'shifted'>) => median(results.map((r) => r[k]));
    const moved = [...new Set(results.flatMap((r) => r.shifted))];
    if (moved.length) shifts.push(`${p.path}: ${moved.map((s) => `\`${s}\``).join(', ')}`);
    if (!results.length) {
      rows.push([p.path, 'no run finished', '', '', '', '']);
      continue;
    }
    rows.push([p.path, m('score'), ms(m('fcp')), ms(m('lcp')), ms(m('tbt')), m('cls').toFixed(3)]);
    console.log(`lighthouse ${p.path}: score ${m('score')}, LCP ${ms(m('lcp'))}`);
  }
  return {
    title: 'Lighthouse (mobile preset), median of three runs',
    body: `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} with Debian's chromium, default mobile settings (simulated slow 4G, 4× CPU slowdown), against the production build served by \`npm start\`. Later steps are measured signed in.\n\n${table(['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS'], rows)}${shifts.length ? `\n\nWhat moved (Lighthouse's layout shifts): ${shifts.join('; ')}.` : ''}${failed.length ? `\n\nRuns that did not finish (the medians are of the others): ${failed.join('; ')}.` : ''}`,
  };
}
