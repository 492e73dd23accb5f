/**
 * A Vite plugin that checks the operator's public content files (src/features/public/content/*.json
 * and packages/contracts/src/trading-holidays.json, docs/content.md) against their schemas when the app is built: a wrong date, a missing
 * translation, a download whose file is not shipped or a portal without its text in every
 * catalogue stops `npm run build` with the file, the field and the problem. The dev server reports
 * the same problems as warnings and carries on.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
// by its path: vite.config.ts loads this file, and bundles only relative imports
import { LANGUAGES } from '../../../packages/contracts/src/constants.ts';
import type { Plugin } from 'vite';
import {
  CONTENT_FILES,
  type ContentFile,
  contentProblems,
  downloadsSchema,
  marketPortalsSchema,
} from '../src/features/public/content/content-schemas.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CONTENT_DIR = path.join(ROOT, 'src/features/public/content');
/** The trading holidays sit with the shared contracts: the API counts trading days with them too. */
const SHARED_CONTENT: Partial<Record<ContentFile, string>> = {
  'trading-holidays.json': path.resolve(ROOT, '../../packages/contracts/src/trading-holidays.json'),
};
/** Where a content file is. */
export const contentPath = (file: ContentFile) => SHARED_CONTENT[file] ?? path.join(CONTENT_DIR, file);
export const DOWNLOADS_DIR = path.join(ROOT, 'public/downloads');
const LOCALES_DIR = path.join(ROOT, 'src/i18n/locales');

/** Every problem of every content file, and each listed download that has no file. */
export function publicContentProblems(): string[] {
  const problems = (Object.keys(CONTENT_FILES) as ContentFile[]).flatMap((file) => {
    const full = contentPath(file);
    return existsSync(full) ? contentProblems(file, readFileSync(full, 'utf8')) : [`${file}: missing`];
  });
  const valid = (file: ContentFile) => !problems.some((p) => p.startsWith(`${file}:`));
  const load = (file: ContentFile): unknown => JSON.parse(readFileSync(contentPath(file), 'utf8'));
  if (valid('downloads.json'))
    for (const form of downloadsSchema.parse(load('downloads.json')).forms)
      if (!existsSync(path.join(DOWNLOADS_DIR, form.file)))
        problems.push(`downloads.json: ${form.id}: no file public/downloads/${form.file}`);
  if (valid('market-portals.json'))
    for (const language of LANGUAGES) {
      const catalogue = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'public.json'), 'utf8')) as {
        portals?: Record<string, unknown>;
      };
      for (const { id } of marketPortalsSchema.parse(load('market-portals.json')).portals)
        if (typeof catalogue.portals?.[id] !== 'string' || !catalogue.portals[id])
          problems.push(`market-portals.json: ${id}: no text portals.${id} in locales/${language}/public.json`);
    }
  return problems;
}

export function publicContentCheck(): Plugin {
  let serving = false;
  const run = (fail: (message: string) => void, warn: (message: string) => void) => {
    let problems: string[];
    try {
      problems = publicContentProblems();
    } catch (err) {
      problems = [(err as Error).message];
    }
    if (!problems.length) return;
    const message = `Public content files (docs/content.md):\n  ${problems.join('\n  ')}`;
    if (serving) warn(message);
    else fail(message);
  };
  return {
    name: 'public-content-check',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    buildStart() {
      run(
        (m) => this.error(m),
        (m) => this.warn(m),
      );
    },
    handleHotUpdate({ file, server }) {
      if (file.startsWith(CONTENT_DIR) || Object.values(SHARED_CONTENT).includes(file))
        run(
          () => undefined,
          (m) => server.config.logger.warn(m),
        );
    },
  };
}
