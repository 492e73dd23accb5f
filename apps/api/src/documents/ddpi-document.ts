/**
 * The Demat Debit and Pledge Instruction (SEBI/HO/MIRSD/DoP/P/CIR/2022/44): a document of its own,
 * signed apart from the account-opening form (at opening, or later from the client area), listing
 * the purposes the rule set in force names and nothing else. Rendered by the same PDF code as the
 * other text documents, then prepared for Aadhaar eSign by the caller.
 */
import { type BrokerRegistrations, registrationLine } from '@ekyc/contracts/calls/broker-documents';

export interface DdpiDocumentInput {
  /** DDPI-… for the journey, the request's number for the client area. */
  reference: string;
  name: string;
  clientCode: string | null;
  boId: string | null;
  purposes: readonly string[];
  ruleSet: string;
  broker: BrokerRegistrations;
}

export async function renderDdpiDocument(d: DdpiDocumentInput, at: Date): Promise<Buffer> {
  const { renderTextDocument } = await import('./pdf-writer.ts');
  return renderTextDocument(
    {
      title: `Demat Debit and Pledge Instruction ${d.reference}`,
      subtitle: 'Optional, signed on its own with Aadhaar eSign (SEBI/HO/MIRSD/DoP/P/CIR/2022/44)',
      sections: [
        {
          heading: 'Beneficial owner',
          table: {
            headers: ['Field', 'Value'],
            rows: [
              ['Name', d.name],
              ['Client code', d.clientCode ?? 'Given on account opening'],
              ['Demat account (BO id)', d.boId ?? 'Given on account opening'],
              ['Depository participant', registrationLine(d.broker)],
              ['Rules in force', `Rules of ${d.ruleSet}`],
            ],
            widths: [0.35, 0.65],
          },
        },
        {
          heading: 'Purposes: the only ones for which this instruction may be used',
          paragraphs: d.purposes.map((p, i) => `${i + 1}. ${p}`),
        },
        {
          heading: 'Declaration',
          paragraphs: [
            `I/We authorise ${d.broker.broker_name} to debit and pledge securities from my/our demat account for the purposes listed above only.`,
            'This instruction is voluntary: it is not a condition for opening or operating the account, and without it each debit is authorised separately (TPIN and OTP).',
            'I/We may revoke it at any time by asking the depository participant.',
          ],
        },
      ],
    },
    at,
  );
}
