/** docs/regulation.md from the rules table, formatted as the repository formats Markdown: `npm run docs:regulation`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { renderRegulationDocs } from '../packages/contracts/src/regulation-docs.ts';

export const REGULATION_DOCS_PATH = fileURLToPath(new URL('../docs/regulation.md', import.meta.url));

export async function formattedRegulationDocs(): Promise<string> {
  const options = (await resolveConfig(REGULATION_DOCS_PATH)) ?? {};
  return format(renderRegulationDocs(), { ...options, filepath: REGULATION_DOCS_PATH });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(REGULATION_DOCS_PATH, await formattedRegulationDocs());
  process.stdout.write(`wrote ${REGULATION_DOCS_PATH}\n`);
}
