/**
 * Every applicant reply names its message by key: ok() and fail() take a key of MSG or ACK, and
 * only staff, sandbox and public (unsigned) routes give a plain text through plainOk / plainFail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ACK } from '@ekyc/contracts/acknowledgements';
import { isMessageKey, MSG } from '@ekyc/contracts/messages';
import { expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../src');
/** Files whose replies are for staff screens (in English) or for no applicant at all. */
const PLAIN_TEXT_ALLOWED = [
  /^modules\/backoffice\//,
  /^modules\/registrations\/routes\.ts$/,
  /^modules\/assisted-kyc\/routes\.ts$/,
  /^modules\/privacy\/routes\.ts$/,
  /^modules\/servicing\/review-request\.ts$/,
  // the administrator's import of the screening lists
  /^modules\/screening\/routes\.ts$/,
  /^modules\/public\//,
  /^sandbox\//,
  /^lib\/outcome\.ts$/,
];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

it('gives no plain text from an applicant module', () => {
  const offenders = files(SRC)
    .map((f) => path.relative(SRC, f))
    .filter((f) => /\bplain(Ok|Fail)\(/.test(readFileSync(path.join(SRC, f), 'utf8')))
    .filter((f) => !PLAIN_TEXT_ALLOWED.some((p) => p.test(f)));
  expect(offenders).toEqual([]);
});

/**
 * Code whose refusals reach the applicant (the journey's and the client area's modules, the uploads'
 * checks, the refusal of a step outside its stage): a failure names a catalogue key, never a text.
 */
const APPLICANT_CODE = [/^modules\//, /^documents\//, /^records\/stage-moves\.ts$/, /^realtime\//];
/** Modules whose failures are for staff screens (in English), the public site or no applicant at all. */
const FREE_TEXT_MODULES = [
  /^modules\/backoffice\//,
  /^modules\/registrations\//,
  /^modules\/screening\//,
  /^modules\/public\//,
  // the breach register and a closure recorded by staff
  /^modules\/privacy\/breaches\.ts$/,
  /^modules\/privacy\/close-account\.ts$/,
  // the Requests queue's maker and checker
  /^modules\/servicing\/review-request\.ts$/,
  // the bank's and the UPI provider's notifications (webhooks)
  /^modules\/bank\/webhook-replay\.ts$/,
];
/** Texts for staff or a provider in a file that also answers the applicant: each named. */
const FREE_TEXTS: Record<string, string[]> = {
  // the staff's "call done" of an assisted video KYC call
  'modules/assisted-kyc/assisted-kyc.ts': ['No call is booked for this application.'],
  // the UPI provider's webhooks
  'modules/bank/routes.ts': ['Bad signature', 'Bad credentials', 'Malformed notification'],
};

/**
 * The literal texts a file gives `new AppError(code, text)`, `invalidField(field, text)` or a socket
 * message (`send(socket, { message })`, `hub.publish(channel, { message })`), catalogue keys aside.
 */
function freeTexts(source: string): string[] {
  const literal = String.raw`(['"\`])((?:\\.|(?!\1)[^\\])*)\1`;
  const calls = [
    new RegExp(String.raw`\bnew AppError\(\s*'[A-Z_]+'\s*,\s*` + literal, 'g'),
    new RegExp(String.raw`\binvalidField\(\s*[^,()]+,\s*` + literal, 'g'),
    new RegExp(String.raw`\b(?:send\(\s*socket|hub\.publish\()[^;]*?\bmessage:\s*` + literal, 'g'),
  ];
  return calls
    .flatMap((call) => [...source.matchAll(call)].map((m) => m[2]!))
    .filter((text) => !isMessageKey(text) && !Object.hasOwn(ACK, text));
}

it('refuses an applicant by a catalogue key, never by a free text', () => {
  const offenders = files(SRC)
    .map((f) => path.relative(SRC, f))
    .filter((f) => APPLICANT_CODE.some((p) => p.test(f)) && !FREE_TEXT_MODULES.some((p) => p.test(f)))
    .flatMap((f) =>
      freeTexts(readFileSync(path.join(SRC, f), 'utf8'))
        .filter((text) => !FREE_TEXTS[f]?.includes(text))
        .map((text) => `${f}: ${text}`),
    );
  expect(offenders).toEqual([]);
});

it('finds a free text however the call is written', () => {
  expect(freeTexts(`throw new AppError('CONFLICT', 'Online access is frozen already.');`)).toEqual([
    'Online access is frozen already.',
  ]);
  expect(freeTexts(`throw new AppError(\n  'CONFLICT',\n  \`A request \${status} cannot move.\`,\n);`)).toEqual([
    'A request ${status} cannot move.',
  ]);
  expect(
    freeTexts(`throw invalidField(\n  'account_type',\n  "Only for those without another demat account",\n);`),
  ).toEqual(['Only for those without another demat account']);
  expect(freeTexts(`send(socket, { disconnect: true, message: 'Unauthorized' });`)).toEqual(['Unauthorized']);
  expect(
    freeTexts(`await deps.hub.publish(channels.esign(txn), {\n  status: true,\n  message: 'Document signed',\n});`),
  ).toEqual(['Document signed']);
  expect(
    freeTexts(`new AppError('CONFLICT', 'accessFrozenAlready'); invalidField('image', 'selfieJpegOnly');`),
  ).toEqual([]);
  expect(freeTexts(`send(socket, { disconnect: true, ...told('socketUnauthorized') });`)).toEqual([]);
});

it('keeps the acknowledgements apart from the spec messages, each key and text once', () => {
  expect(Object.keys(ACK).filter((k) => k in MSG)).toEqual([]);
  const texts = [...Object.values(MSG), ...Object.values(ACK)] as string[];
  expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
});
