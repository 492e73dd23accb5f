/**
 * The code tables of the registrations (income, occupation, state, gender, ...), per provider: a
 * versioned JSON file with its sources, read once at start. Codes are never written in the adapters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const table = z.record(z.string(), z.record(z.string(), z.string()));
const codeTablesSchema = z.object({
  version: z.string(),
  sources: z.record(z.string(), z.string()),
  income: table,
  occupation: table,
  state: table,
  country: table,
  gender: table,
  marital: table,
  segment: table,
  kycMode: table,
  /** Address-proof codes (the KRA's APP_COR_ADD_PROOF); absent in tables older than 2026-12. */
  addressProof: table.default({}),
});
export type CodeTables = z.infer<typeof codeTablesSchema>;
type TableName = Exclude<keyof CodeTables, 'version' | 'sources'>;

export const DEFAULT_CODE_TABLES = path.join(import.meta.dirname, 'code-tables', '2026-12.json');

export function loadCodeTables(file: string = DEFAULT_CODE_TABLES): CodeTables {
  return codeTablesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** A code lookup for one provider; an unknown value maps to the table's `others`/`OTHER` entry or ''. */
export function codesFor(tables: CodeTables, provider: string) {
  return (name: TableName, value: string): string => {
    const t = tables[name][provider] ?? {};
    return t[value] ?? t[value.toUpperCase()] ?? t['others'] ?? t['OTHER'] ?? '';
  };
}
export type Codes = ReturnType<typeof codesFor>;
