/**
 * Every box that scrolls (an overflow class) is reached with the keyboard whatever it holds: it is
 * the ScrollRegion component or is itself in the tab order (tabIndex={0}), so a table that
 * overflows only with some data (a long name in the checks table) is never a box the keyboard
 * cannot scroll (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const SCROLLS = /\boverflow-(?:x-|y-)?(?:auto|scroll)\b/g;
/** Boxes whose content is links or buttons only: the keyboard reaches and scrolls to each of them. */
const OF_LINKS_ONLY = ['features/public/components/public-layout.tsx'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** The opening tag around a position of the source: from its '<' to the '>' that ends it (braces skipped). */
function tagAround(text: string, at: number): string {
  const start = text.lastIndexOf('<', at);
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** The scrolling boxes of a file that the keyboard cannot reach. */
export function unreachableScrollBoxes(text: string): string[] {
  return [...text.matchAll(SCROLLS)].map((m) => tagAround(text, m.index)).filter((tag) => !/tabIndex=\{0\}/.test(tag));
}

describe('scrolling boxes', () => {
  const sources = files(SRC).map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));

  it('finds the boxes it checks', () => {
    expect(sources.filter((s) => new RegExp(SCROLLS.source).test(s.text)).length).toBeGreaterThan(5);
  });

  it('are each reached with the keyboard', () => {
    const unreachable = sources
      .filter((s) => !OF_LINKS_ONLY.includes(s.file))
      .flatMap((s) => unreachableScrollBoxes(s.text).map((tag) => `${s.file}: ${tag.replace(/\s+/g, ' ')}`));
    expect(unreachable).toEqual([]);
  });

  it('names a box the keyboard cannot reach', () => {
    expect(unreachableScrollBoxes('<div className="mt-2 overflow-x-auto"><table /></div>')).toHaveLength(1);
    expect(unreachableScrollBoxes('<figure className={`${panel} overflow-x-auto`}>')).toHaveLength(1);
    expect(
      unreachableScrollBoxes('<div className="overflow-auto" tabIndex={0} role="region" aria-label={name}>'),
    ).toEqual([]);
  });
});
