/**
 * The broker's documents (MITC, Rights and Obligations, RDD, Guidance Note, tariff, Investor
 * Charter and the rest of the welcome kit): a PDF of the broker's in `WELCOME_KIT_DIR` named
 * `<key>.pdf` replaces the platform's sample; its version is the one `versions.json` there gives,
 * or else the file's own digest, so a changed file is a new version. A sample carries
 * SAMPLE_VERSION and says on its face that it is a sample.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  BROKER_DOCUMENTS,
  type BrokerDocument,
  type BrokerDocumentKey,
  brokerDocumentPath,
  documentVersionSchema,
  KIT_DOCUMENTS,
  type KitKey,
} from '@ekyc/contracts/calls/broker-documents';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import { chargeRows } from './form-facts.ts';
import { KIT_TEXTS, SAMPLE_NOTICE, SAMPLE_VERSION, sampleInvestorCharter } from './broker-document-texts.ts';

export interface DocumentVersion {
  key: KitKey;
  title: string;
  version: string;
  sample: boolean;
}

const versionsFileSchema = z.record(z.string(), documentVersionSchema);

export const kitFileName = (key: KitKey) => `${key}.pdf`;

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** The versions the broker declares (`versions.json`); a malformed file is an error, not ignored. */
async function declaredVersions(dir: string): Promise<Record<string, string>> {
  const text = await readFile(path.join(dir, 'versions.json'), 'utf8').catch((e: unknown) => {
    if (missing(e)) return null;
    throw e;
  });
  if (text === null) return {};
  const parsed = versionsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path.join(dir, 'versions.json')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

async function ownFile(dir: string | undefined, key: KitKey): Promise<Buffer | null> {
  if (!dir) return null;
  return readFile(path.join(dir, kitFileName(key))).catch((e: unknown) => {
    if (missing(e)) return null;
    throw e;
  });
}

/** Every document of the kit with the version in force and whether it is the platform's sample. */
export async function kitVersions(dir: string | undefined): Promise<DocumentVersion[]> {
  const declared = dir ? await declaredVersions(dir) : {};
  return Promise.all(
    KIT_DOCUMENTS.map(async (d) => {
      const own = await ownFile(dir, d.key);
      if (!own) return { key: d.key, title: d.title, version: SAMPLE_VERSION, sample: true };
      const digest = createHash('sha256').update(own).digest('hex').slice(0, 16);
      return { key: d.key, title: d.title, version: declared[d.key] ?? `sha256-${digest}`, sample: false };
    }),
  );
}

/** The documents the applicant reads and acknowledges in the journey, with their versions and links. */
export async function brokerDocumentVersions(dir: string | undefined): Promise<BrokerDocument[]> {
  const all = await kitVersions(dir);
  return BROKER_DOCUMENTS.map((d) => {
    const v = all.find((x) => x.key === d.key)!;
    return {
      key: d.key as BrokerDocumentKey,
      title: v.title,
      version: v.version,
      sample: v.sample,
      link: brokerDocumentPath(d.key),
    };
  });
}

/**
 * A document's PDF: the broker's file, or the sample. The sample tariff is the applicant's plan
 * when one is given, both plans otherwise; the sample charter follows the rule set of the day.
 */
export async function kitDocument(
  dir: string | undefined,
  key: KitKey,
  at: Date,
  plan: string | null = null,
): Promise<Buffer> {
  const own = await ownFile(dir, key);
  if (own) return own;
  const rules = ruleSetOn(indianDay(at));
  const { renderTextDocument } = await import('./pdf-writer.ts');
  if (key === 'investor-charter') return renderTextDocument(sampleInvestorCharter(rules), at);
  if (key !== 'tariff') return renderTextDocument(KIT_TEXTS[key], at);
  const plans = plan ? [plan] : ['discounted', 'premium'];
  return renderTextDocument(
    {
      title: 'Tariff sheet',
      subtitle: plan
        ? `The charges of your plan (${plan === 'discounted' ? 'discounted' : 'premium'}), before GST where marked. ${SAMPLE_NOTICE}`
        : `The charges of each plan, before GST where marked. ${SAMPLE_NOTICE}`,
      sections: [
        ...plans.map((p) => ({
          heading: plans.length > 1 ? `Charges: ${p} plan` : 'Charges',
          table: { headers: ['Item', 'Charge'], rows: chargeRows(p, rules), widths: [190, 325] },
          paragraphs: [],
        })),
        { heading: 'Changes', paragraphs: ['Charges may be revised with 30 days notice.'] },
      ],
    },
    at,
  );
}

/**
 * A client's copy of a kit document, as the welcome email carried it: dated on the account's
 * activation day, the sample tariff that of the client's plan (premium when none was chosen).
 */
export const clientKitDocument = (dir: string | undefined, key: KitKey, activatedAt: Date, plan: string | undefined) =>
  kitDocument(dir, key, activatedAt, plan || 'premium');
