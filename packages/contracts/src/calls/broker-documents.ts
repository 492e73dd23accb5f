import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/**
 * The broker's documents an applicant reads and acknowledges before signing (SEBI/MIRSD/CIR/16/2011
 * and its annexures; the MITC of SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180; the Investor Charter
 * with the right to digital accessibility). The broker configures each as a file with a version;
 * the platform ships samples to replace.
 */
export const BROKER_DOCUMENTS = [
  { key: 'mitc', title: 'Most Important Terms and Conditions (MITC)' },
  { key: 'rights-and-obligations', title: 'Rights and Obligations of the stock broker and the client' },
  { key: 'risk-disclosure', title: 'Risk Disclosure Document' },
  { key: 'guidance-note', title: 'Guidance note: do’s and don’ts' },
  { key: 'tariff', title: 'Tariff sheet' },
  { key: 'investor-charter', title: 'Investor Charter for stock brokers' },
] as const;

export const BROKER_DOCUMENT_KEYS = BROKER_DOCUMENTS.map((d) => d.key) as [
  (typeof BROKER_DOCUMENTS)[number]['key'],
  ...(typeof BROKER_DOCUMENTS)[number]['key'][],
];
export type BrokerDocumentKey = (typeof BROKER_DOCUMENT_KEYS)[number];

/**
 * The welcome kit (SEBI/MIRSD/CIR/16/2011): the documents above and two more, in the order the
 * welcome email lists them; each is `<key>.pdf` (the broker's file or the platform's sample).
 */
export const KIT_DOCUMENTS = [
  ...BROKER_DOCUMENTS,
  { key: 'policies-and-procedures', title: 'Policies and procedures' },
  { key: 'dp-rights-and-obligations', title: 'Depository participant Rights and Obligations and tariff' },
] as const;

export const KIT_DOCUMENT_KEYS = KIT_DOCUMENTS.map((d) => d.key) as [
  (typeof KIT_DOCUMENTS)[number]['key'],
  ...(typeof KIT_DOCUMENTS)[number]['key'][],
];
export type KitKey = (typeof KIT_DOCUMENT_KEYS)[number];

/** A document version as the broker names it (or the platform derives it from the file). */
export const documentVersionSchema = z.string().regex(/^[A-Za-z0-9._-]{1,40}$/);

export const brokerDocumentSchema = z.object({
  key: z.enum(BROKER_DOCUMENT_KEYS),
  title: z.string(),
  version: z.string(),
  /** The platform's sample, shipped to be replaced by the broker's own file. */
  sample: z.boolean(),
  /** Where the PDF is read (no sign-in). */
  link: z.string(),
});
export type BrokerDocument = z.infer<typeof brokerDocumentSchema>;

/** The broker's registrations, printed on public pages, the form and every email. */
export const brokerRegistrationsSchema = z.object({
  broker_name: z.string(),
  sebi_registration: z.string(),
  exchange_member_codes: z.array(z.object({ exchange: z.string(), code: z.string() })),
  dp_id: z.string(),
  /** The values are the platform's samples: the deployment has not configured its own. */
  sample: z.boolean(),
});
export type BrokerRegistrations = z.infer<typeof brokerRegistrationsSchema>;

export const brokerDocumentsDataSchema = z.object({
  registrations: brokerRegistrationsSchema,
  documents: z.array(brokerDocumentSchema),
});
export type BrokerDocumentsData = z.infer<typeof brokerDocumentsDataSchema>;

/** GET /api/v1/public/broker-documents: the registrations and the documents with their versions. */
export const brokerDocumentsReplySchema = replySchema(brokerDocumentsDataSchema);

/** GET /api/v1/public/broker-documents/{key}.pdf */
export const brokerDocumentParamsSchema = z.object({ key: z.enum(BROKER_DOCUMENT_KEYS) });

/**
 * The documents the applicant acknowledged, as the e-sign consent carries them: `key@version`
 * separated by commas, every document of the list at the version shown.
 */
export const acknowledgedDocumentsSchema = z
  .string()
  .max(600)
  .transform((v, ctx) => {
    const out: Partial<Record<BrokerDocumentKey, string>> = {};
    for (const part of v.split(',').filter(Boolean)) {
      const [key, version] = part.split('@');
      const k = BROKER_DOCUMENT_KEYS.find((d) => d === key);
      if (!k || !version || !documentVersionSchema.safeParse(version).success) {
        ctx.addIssue({ code: 'custom', message: `Not a document and version: ${part.slice(0, 60)}` });
        return z.NEVER;
      }
      out[k] = version;
    }
    return out;
  });

/** The acknowledgement string of a list of documents (what the e-sign page sends). */
export const acknowledgementOf = (documents: readonly Pick<BrokerDocument, 'key' | 'version'>[]) =>
  documents.map((d) => `${d.key}@${d.version}`).join(',');

/** Where a document's PDF is read (no sign-in). */
export const brokerDocumentPath = (key: BrokerDocumentKey) => `/api/v1/public/broker-documents/${key}`;

/** The broker's registration numbers as one line (the form's header, every email). */
export function registrationLine(r: BrokerRegistrations): string {
  const members = r.exchange_member_codes.map((m) => `${m.exchange} member code ${m.code}`).join(', ');
  return `${r.broker_name}: SEBI registration ${r.sebi_registration}; ${members}; DP id ${r.dp_id}${r.sample ? ' (SAMPLE values)' : ''}`;
}
