import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT, or a port that is free now: chosen once by the runner, whose workers inherit it from the environment
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); })",
]).toString();
const PORT = Number(process.env.E2E_PORT);
// Chromium's headless shell (Debian's chromium-headless-shell, the same Blink engine without the
// browser's window layer; what Playwright itself runs headless) loads a page in about half the time
// of the full browser here; the full browser when the shell is not installed
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};

export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // three: a test waiting on the app leaves the CPU to the others (5.2 minutes against 5.7 with two)
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // no retries, in CI too: a test that passes only on its second try is a failure to see, not to
  // hide (E2E_RETRIES=1 to rerun failures with a trace while looking into one)
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // the app's service worker would answer requests the journeys route (page.route sees none of
    // them): blocked here, and allowed by the test of reloading offline
    serviceWorkers: 'block',
    // the app takes its first language from the browser: English unless a test says otherwise
    locale: 'en-IN',
    launchOptions,
  },
  projects: [
    // phone first: every journey runs at a phone size; at desktop size, the ones where the size
    // changes what is tested (sign-up, public pages, reviewers' back office, the e-sign popup)
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], serviceWorkers: 'block', launchOptions },
      testMatch: [/sign-up\.spec\.ts/, /public-.*\.spec\.ts/, /backoffice-.*\.spec\.ts/, /esign-.*\.spec\.ts/],
      // tests tagged as independent of the size (support/sizes.ts) run at phone size only
      grepInvert: /@any-size/,
    },
    {
      name: 'phone',
      // a phone's screen, touch and browser; drawn at one pixel per CSS pixel (the Pixel 7's 2.625 made
      // Chromium rasterise seven times the pixels in every test); the form preview's test, which is
      // about the pixel density, sets the phone's own
      use: { ...devices['Pixel 7'], deviceScaleFactor: 1, serviceWorkers: 'block', launchOptions },
      // the back office (review, claims, bulk work, shortcuts, charts) is a desktop tool
      testIgnore: /backoffice-.*\.spec\.ts/,
    },
  ],
  webServer: {
    // the production build (`npm run test:e2e` builds it first)
    command: `node --conditions=ekyc-compiled --enable-source-maps ../apps/api/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/ekyc-e2e-${Date.now()}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      OTP_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_SENDS_PER_HOUR: '50',
      STAFF_LOGIN_DELAY_SECONDS: '0',
      NODE_ENV: 'test',
      // journeys start at their own step and sign in to the back office through the test-only fixtures
      EKYC_TEST_FIXTURES: 'true',
      // the back-office journeys sign in the same fixture accounts from parallel browsers
      STAFF_SESSION_MAX_CONCURRENT: '50',
      // four eyes as in production: the staff member who accepts the stages may not confirm the approval
      FOUR_EYES: 'true',
      ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
    },
  },
});
