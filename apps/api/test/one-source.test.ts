/**
 * One source per rule: each rule below is written once, and this test searches the source tree
 * for its literal written anywhere else (a copy drifts: the e-sign window read 120 s in one place
 * and 900 s in another). The sources are the apps' and packages' code, the build scripts and the
 * tools, not the tests (a test's expected value is its own statement of the rule).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROUTE } from '@ekyc/contracts/stages';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/web/scripts', 'packages/contracts/src', 'tools', 'bench'];
/** Generated from the API's schemas (npm run api-client): it repeats what the contracts say. */
const GENERATED = ['packages/api-client/src/schema.ts'];

interface Rule {
  name: string;
  /** The one file the rule is written in. */
  source: string;
  literals: RegExp[];
  /** The part of a file searched (the code without its comments, for a rule whose words are read in prose too). */
  searched?: (text: string) => string;
}

/** The code of a file: no comment, and no line that is a path alone (the API's own route, `'/verify-otp',`). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .filter((line) => !/^\s*'[^']*',?\s*$/.test(line))
    .join('\n');
}

const MIGRATIONS = 'apps/api/src/db/migrations';
/** The standing rule's source: the last migration that defines application_standing_refresh. */
const STANDING_SOURCE = `${MIGRATIONS}/2830_backoffice_flow.sql`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const APPLICANT_ROUTES = Object.values(ROUTE)
  .filter((route) => route !== '/')
  .map(escape)
  .join('|');

export const RULES: Rule[] = [
  {
    name: 'the applicant routes',
    source: 'packages/contracts/src/stages.ts',
    // a route written as text (with /ekyc1 or a query too) rather than ROUTE.<name>
    literals: [new RegExp(`['"\`](?:/ekyc1)?(?:${APPLICANT_ROUTES})(?=['"\`?/$])`)],
    searched: codeOf,
  },
  {
    name: 'the language list and its BCP 47 map',
    source: 'packages/contracts/src/constants.ts',
    literals: [
      // the codes as a list or a union (a record typed Record<Language, …> is checked by the compiler)
      /['"]hi['"]\s*[,|]\s*['"]be['"]\s*[,|]\s*['"]gu['"]\s*[,|]\s*['"]mar['"]/,
      // an object standing for the list ({ en: 1, hi: 1, … })
      /\bhi\s*:\s*(?:\d+|true)\s*,\s*be\s*:/,
      // a code mapped to its tag or back
      /\bbe['"]?\s*:\s*['"]bn\b|\bbn['"]?\s*:\s*['"]be\b|\bmar['"]?\s*:\s*['"]mr\b|\bmr['"]?\s*:\s*['"]mar\b/,
      /['"](?:bn|mr)-IN['"]/,
    ],
  },
  {
    name: 'the uuid check',
    source: 'apps/api/src/lib/uuid.ts',
    literals: [/\[0-9a-f(?:A-F)?\]\{8\}-|\[0-9a-f-\]\{36\}/],
  },
  {
    name: 'the OTP waits',
    source: 'packages/contracts/src/constants.ts',
    literals: [
      /\b(?:countdownSeconds|resendCountdownSeconds|resend_after)\s*:\s*\d/,
      /\bOTP_(?:RESEND_)?COUNTDOWN_S\s*=/,
    ],
  },
  {
    name: 'the e-sign window and its default with an ESP',
    source: 'packages/contracts/src/constants.ts',
    literals: [
      /\besign_?window_?seconds\s*(?:\?\?|\|\||:)\s*\d/i,
      /ESIGN_WINDOW_SECONDS[^\n]*\?\?[^\n]*\b\d{2,}\b/,
      /\b(?:ESIGN_WINDOW_S|ESIGN_ESP_WINDOW_S)\s*=/,
    ],
  },
  {
    // a reply's screen is one of the applicant routes (screenSchema), not any text
    name: 'the screen a reply names',
    source: 'packages/contracts/src/screen.ts',
    literals: [/\bscreen\s*:\s*z\.(?:string\(|optional\(\s*z\.string\(|nullable\(\s*z\.string\()/],
  },
  {
    // the triggers keep application_standing by this function; code reads the table, never derives it
    name: "an application's standing",
    source: STANDING_SOURCE,
    literals: [
      // a case deriving the standing, in SQL
      /\bthen\s+'(?:Completed|Closed|Pending)'/,
      /\belse\s+'In progress'/,
      // or in code, from the last stage
      /\b(?:220|STAGE\.STATUS)\s*\)?\s*\?\s*['"]Pending['"]/,
    ],
  },
];

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

const files = SOURCES.flatMap((d) => sourceFiles(join(ROOT, d)))
  .map((f) => relative(ROOT, f).split(sep).join('/'))
  .filter((f) => !GENERATED.includes(f))
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** The files other than the rule's source where one of its literals is written. */
export function copiesOf(rule: Rule, texts: readonly { file: string; text: string }[]): string[] {
  return texts
    .filter(({ file, text }) => {
      const searched = rule.searched ? rule.searched(text) : text;
      return file !== rule.source && rule.literals.some((re) => re.test(searched));
    })
    .map(({ file }) => file);
}

describe('one source per rule', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  for (const rule of RULES)
    it(`writes ${rule.name} once, in ${rule.source}`, () => {
      expect(existsSync(join(ROOT, rule.source)), `${rule.source} exists`).toBe(true);
      const copies = copiesOf(rule, files);
      expect(copies).toEqual([]);
    });

  it("names the migration that defines the standing last (a later one moves the rule's source)", () => {
    const defining = readdirSync(join(ROOT, MIGRATIONS))
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .filter((name) =>
        /function\s+application_standing_refresh\b/.test(readFileSync(join(ROOT, MIGRATIONS, name), 'utf8')),
      );
    expect(`${MIGRATIONS}/${defining.at(-1)}`).toBe(STANDING_SOURCE);
  });

  it('finds a copy of each rule (the search can fail)', () => {
    const copies: Record<string, string> = {
      'the applicant routes': "return fail('bankFailed', { screen: '/bank-and-segment/cancel-cheque' });",
      'the language list and its BCP 47 map':
        "const HTML_LANG = { en: 'en', hi: 'hi', be: 'bn', gu: 'gu', mar: 'mr' };",
      'the uuid check': 'const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;',
      'the OTP waits': 'otp: { countdownSeconds: 30, resendCountdownSeconds: 20 }',
      'the e-sign window and its default with an ESP':
        'esignWindowSeconds: e.ESIGN_WINDOW_SECONDS ?? (sandbox ? 120 : 900),',
      'the screen a reply names': 'export const logoutDataSchema = z.object({ screen: z.string() });',
      "an application's standing": "case when a.client_code is not null then 'Completed' else 'In progress' end",
    };
    for (const rule of RULES)
      expect(copiesOf(rule, [{ file: 'apps/web/src/copy.ts', text: copies[rule.name]! }]), rule.name).toEqual([
        'apps/web/src/copy.ts',
      ]);
    // a route with the base path or a query is a copy; one in a comment, or the API's own path, is not
    const [routes] = RULES;
    expect(copiesOf(routes!, [{ file: 'x.ts', text: "navigate('/ekyc1/pan-verification/pan-info');" }])).toEqual([
      'x.ts',
    ]);
    expect(copiesOf(routes!, [{ file: 'x.ts', text: "go('/digilocker?failed=true');" }])).toEqual(['x.ts']);
    expect(copiesOf(routes!, [{ file: 'x.ts', text: "/** '/e-sign': the form */\n// go to '/status'" }])).toEqual([]);
    expect(copiesOf(routes!, [{ file: 'x.ts', text: "app.post(\n    '/verify-otp',\n    {}," }])).toEqual([]);
    // the other languages' list alone, and a union of the five, are copies too
    const languages = RULES[1];
    expect(copiesOf(languages!, [{ file: 'x.ts', text: "for (const l of ['hi', 'be', 'gu', 'mar'])" }])).toEqual([
      'x.ts',
    ]);
    expect(copiesOf(languages!, [{ file: 'x.ts', text: "type L = 'en' | 'hi' | 'be' | 'gu' | 'mar';" }])).toEqual([
      'x.ts',
    ]);
    expect(
      copiesOf(languages!, [{ file: 'x.ts', text: 'i18n.language in { en: 1, hi: 1, be: 1, gu: 1, mar: 1 }' }]),
    ).toEqual(['x.ts']);
    // a sentence naming the codes is not a copy, nor a record the compiler holds to the list
    expect(copiesOf(languages!, [{ file: 'x.ts', text: '// the codes are en, hi, be, gu and mar' }])).toEqual([]);
    expect(
      copiesOf(languages!, [
        { file: 'x.ts', text: '{ en: r.name, hi: r.labelHi, be: r.labelBe, gu: r.labelGu, mar: r.labelMar }' },
      ]),
    ).toEqual([]);
    // the standing derived in code is a copy; the status named in a filter is not
    const standing = RULES.find((r) => r.name === "an application's standing")!;
    expect(
      copiesOf(standing, [{ file: 'x.ts', text: "const status = stage === 220 ? 'Pending' : 'In progress';" }]),
    ).toEqual(['x.ts']);
    expect(
      copiesOf(standing, [{ file: 'x.ts', text: "sql`select 1 from application_standing where status = 'Pending'`" }]),
    ).toEqual([]);
  });
});
