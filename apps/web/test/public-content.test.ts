import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_FILES, type ContentFile, contentProblems } from '../src/features/public/content/content-schemas';
import { contentPath, publicContentProblems } from '../scripts/public-content-check';

const read = (file: ContentFile) => readFileSync(contentPath(file), 'utf8');
/** The shipped file with one change, as an operator might make it by mistake. */
const edited = <T>(file: ContentFile, change: (data: T) => void) => {
  const data = JSON.parse(read(file)) as T;
  change(data);
  return JSON.stringify(data);
};

describe('the public content files', () => {
  for (const file of Object.keys(CONTENT_FILES) as ContentFile[])
    it(`${file} passes its schema`, () => {
      expect(contentProblems(file, read(file))).toEqual([]);
    });

  it('ship a file for every download they list, so the build passes', () => {
    expect(publicContentProblems()).toEqual([]);
  });
});

describe('what the build refuses, with the field to fix', () => {
  it('an IPO that closes before it opens', () => {
    const json = edited('upcoming-ipos.json', (d: { issues: { closes: string }[] }) => {
      d.issues[0]!.closes = '2026-11-01';
    });
    expect(contentProblems('upcoming-ipos.json', json)).toEqual([
      'upcoming-ipos.json: issues.0.closes: closes before it opens',
    ]);
  });

  it('a date that is not on the calendar', () => {
    const json = edited('upcoming-ipos.json', (d: { updatedOn: string }) => {
      d.updatedOn = '2026-02-30';
    });
    expect(contentProblems('upcoming-ipos.json', json)).toEqual(['upcoming-ipos.json: updatedOn: not a calendar date']);
  });

  it('a text missing in one language', () => {
    const json = edited('downloads.json', (d: { forms: { title: Record<string, string> }[] }) => {
      delete d.forms[0]!.title.mar;
    });
    expect(contentProblems('downloads.json', json)).toEqual([
      expect.stringMatching(/^downloads\.json: forms\.0\.title\.mar: /),
    ]);
  });

  it('a trading holiday on a Sunday, and one of another year', () => {
    const json = edited('trading-holidays.json', (d: { years: { tradingHolidays: { date: string }[] }[] }) => {
      d.years[0]!.tradingHolidays[1]!.date = '2026-02-01';
      d.years[0]!.tradingHolidays.at(-1)!.date = '2027-01-01';
    });
    expect(contentProblems('trading-holidays.json', json)).toEqual([
      'trading-holidays.json: years.0: 2027-01-01 is not in 2026',
      'trading-holidays.json: years.0: 2026-02-01 is a weekend: list it as weekend',
    ]);
  });

  it('a phone number that is not Indian', () => {
    const json = edited('support.json', (d: { phone: string }) => {
      d.phone = '022 0612 3400';
    });
    expect(contentProblems('support.json', json)).toEqual([
      'support.json: phone: expected +91 and ten digits, or an 1800/1860 number',
    ]);
  });

  it('a grievances page without SEBI SCORES', () => {
    const json = edited('market-portals.json', (d: { portals: { id: string }[] }) => {
      d.portals = d.portals.filter((p) => p.id !== 'scores');
    });
    expect(contentProblems('market-portals.json', json)).toEqual([
      'market-portals.json: portals: needs scores and smart-odr',
    ]);
  });

  it('a file that is not JSON', () => {
    expect(contentProblems('contacts.json', '{ "office": ')[0]).toMatch(/^contacts\.json: not valid JSON/);
  });
});
