/**
 * The attachments of the welcome email: the applicant's signed account-opening form (with its
 * eSign signature) and the documents of the kit, each a PDF. A broker's own file in
 * `WELCOME_KIT_DIR` (`<key>.pdf`) replaces the shipped document of that name; the tariff sheet is
 * otherwise the schedule of the applicant's plan.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ruleSetOn } from '@ekyc/contracts/regulation';
import type { AppDeps } from '../../app-deps.ts';
import { chargeRows } from '../../documents/account-opening-form.ts';
import { renderTextDocument } from '../../documents/pdf-writer.ts';
import type { FileRef } from '../../records/applicant-records.ts';
import type { Attachment } from '../../providers/messaging/port.ts';
import { KIT_DOCUMENTS, KIT_TEXTS, type KitKey } from './welcome-kit-texts.ts';

type Deps = Pick<AppDeps, 'records' | 'config'>;

export const SIGNED_FORM_FILENAME = 'account-opening-form-signed.pdf';

/** The kit's file names, as a broker's folder holds them. */
export const kitFileName = (key: KitKey) => `${key}.pdf`;

async function kitDocument(deps: Deps, key: KitKey, plan: string, at: Date): Promise<Buffer> {
  const dir = deps.config.welcomeKitDir;
  if (dir) {
    const own = await readFile(path.join(dir, kitFileName(key))).catch(() => null);
    if (own) return own;
  }
  if (key !== 'tariff') return renderTextDocument(KIT_TEXTS[key], at);
  return renderTextDocument(
    {
      title: 'Tariff sheet',
      subtitle: `The charges of your plan (${plan === 'discounted' ? 'discounted' : 'premium'}), before GST where marked.`,
      sections: [
        {
          heading: 'Charges',
          table: {
            headers: ['Item', 'Charge'],
            rows: chargeRows(plan, ruleSetOn(at.toISOString().slice(0, 10))),
            widths: [190, 325],
          },
          paragraphs: [],
        },
        { heading: 'Changes', paragraphs: ['Charges may be revised with 30 days notice.'] },
      ],
    },
    at,
  );
}

export async function welcomeAttachments(deps: Deps, applicantId: string, at: Date): Promise<Attachment[]> {
  const sections = await deps.records.allSections(applicantId);
  const signed = (sections.esign_obj as { signed_document?: FileRef } | undefined)?.signed_document;
  const form = signed ? await deps.records.readFile(signed.$file) : null;
  const plan = String((sections.personal_obj as { plan_selected?: string } | undefined)?.plan_selected ?? '');
  const kit = await Promise.all(
    KIT_DOCUMENTS.map(async (d) => ({
      filename: kitFileName(d.key),
      contentType: 'application/pdf',
      content: await kitDocument(deps, d.key, plan, at),
    })),
  );
  return [
    ...(form ? [{ filename: SIGNED_FORM_FILENAME, contentType: 'application/pdf', content: form.bytes }] : []),
    ...kit,
  ];
}
