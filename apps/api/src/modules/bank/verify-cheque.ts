/**
 * cheque-verification: a cancelled cheque (PNG or JPEG) for an account the penny drop could not
 * verify. The image must be what it claims, is re-encoded, stored encrypted, and read by the
 * offline OCR to cross-check the IFSC and account number; a reviewer then confirms it.
 */
import type { ChequeOcr, chequeVerificationRequestSchema } from '@ekyc/contracts/calls/cheque-verification';
import { STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { BankDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { resolveBankDetails } from './bank-details-source.ts';
import { normaliseBankDocument } from './bank-document.ts';
import { type BankObj, branchFields, verification } from './bank-record.ts';
import { type ChequeFields, readCheque } from './cheque-reader.ts';

type Deps = Pick<BankDeps, 'config' | 'records' | 'documents' | 'bank'>;

type Input = z.output<typeof chequeVerificationRequestSchema>;

export function crossCheck(read: ChequeFields | null, ifsc: string, accountNumber: string): ChequeOcr {
  if (!read) return { ifsc: null, account_number: null, ifsc_matches: null, account_matches: null, legible: false };
  const account = read.accountNumbers.find((a) => a === accountNumber) ?? read.accountNumbers[0] ?? null;
  return {
    ifsc: read.ifsc,
    account_number: account,
    ifsc_matches: read.ifsc ? read.ifsc === ifsc : null,
    account_matches: account ? account === accountNumber : null,
    legible: Boolean(read.ifsc || account),
  };
}

export async function verifyCheque(
  deps: Deps,
  applicantId: string,
  input: Input,
  log: { warn: (o: object, m: string) => void },
): Promise<Outcome> {
  await deps.records.requireStage(applicantId, 'cheque-verification');
  const image = await normaliseBankDocument(
    deps.documents,
    'base64',
    input.base64,
    ['image/png', 'image/jpeg'],
    'chequeType',
  );
  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const details = await resolveBankDetails(deps, input.data, stored);

  let read: ChequeFields | null = null;
  if (!deps.config.sandboxSkipHeavyChecks) {
    try {
      read = await readCheque(image.bytes);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'cheque OCR failed');
    }
  }
  const chequeOcr = crossCheck(read, details.ifsc, details.account_number);
  const document = await deps.records.saveFile(applicantId, {
    kind: 'cancelled-cheque',
    contentType: image.contentType,
    bytes: image.bytes,
  });
  const move = await deps.records.completeStage(applicantId, STAGE.BANK_AND_SEGMENT, {
    sections: {
      bank_obj: {
        ...stored,
        ...branchFields(details.directory),
        account_number: details.account_number,
        account_type: details.account_type,
        doctype: 'CancelledCheque',
        document,
        document_type: image.contentType,
        cheque_ocr: chequeOcr,
        bank_verify_edit: false,
        verification: verification('document', 'in_review'),
      } satisfies BankObj,
    },
  });
  return ok('chequeUploaded', { screen: move.screen, stage: move.stage, cheque_ocr: chequeOcr });
}
