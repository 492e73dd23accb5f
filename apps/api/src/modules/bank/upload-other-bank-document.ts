/**
 * other-bank-document: a bank statement or passbook (image or PDF), or a cheque, with the bank
 * details it proves. Checked, stored encrypted, and left for a reviewer.
 */
import type { otherBankDocumentRequestSchema } from '@ekyc/contracts/calls/other-bank-document';
import { STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { BankDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { resolveBankDetails } from './bank-details-source.ts';
import { normaliseBankDocument } from './bank-document.ts';
import { type BankObj, branchFields, verification } from './bank-record.ts';

type Deps = Pick<BankDeps, 'records' | 'documents' | 'bank'>;

type Input = z.output<typeof otherBankDocumentRequestSchema>;

export async function uploadOtherBankDocument(deps: Deps, applicantId: string, input: Input): Promise<Outcome> {
  await deps.records.requireStage(applicantId, 'other-bank-document');
  const cheque = input.doctype === 'CancelledCheque';
  const file = cheque
    ? await normaliseBankDocument(deps.documents, 'doc', input.doc, ['image/png', 'image/jpeg'], 'chequeType')
    : await normaliseBankDocument(
        deps.documents,
        'doc',
        input.doc,
        ['image/png', 'image/jpeg', 'application/pdf'],
        'nomineeProofType',
      );
  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const details = await resolveBankDetails(deps, input.data, stored);
  const document = await deps.records.saveFile(applicantId, {
    kind: cheque ? 'cancelled-cheque' : input.doctype.replace('_', '-'),
    contentType: file.contentType,
    bytes: file.bytes,
  });
  const move = await deps.records.completeStage(applicantId, STAGE.BANK_AND_SEGMENT, {
    sections: {
      bank_obj: {
        ...stored,
        ...branchFields(details.directory),
        account_number: details.account_number,
        account_type: details.account_type,
        doctype: input.doctype,
        document,
        document_type: file.contentType,
        bank_verify_edit: false,
        verification: verification('document', 'in_review'),
      } satisfies BankObj,
    },
  });
  return ok('bankDocumentUploaded', { screen: move.screen, stage: move.stage });
}
