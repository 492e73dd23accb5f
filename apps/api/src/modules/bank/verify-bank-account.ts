/**
 * bank-verification: the penny drop. Check the IFSC, credit about Rs 1, compare the holder name
 * the bank returns with the name on PAN, then complete the bank stage or send the applicant to
 * the cancelled-cheque page with the spec's message (section 4).
 */
import type { bankVerificationRequestSchema } from '@ekyc/contracts/calls/bank-verification';
import { routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { BankDeps } from './deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { PennyDropResult } from '../../providers/bank-verification/port.ts';
import { panNameOf } from './applicant-name.ts';
import { giveBackBankAttempt, takeBankAttempt } from './attempt-limit.ts';
import { inTurn } from '../../records/provider-queue.ts';
import { type BankObj, branchFields, CHEQUE_SCREEN, verification } from './bank-record.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';

type Deps = Pick<BankDeps, 'config' | 'database' | 'records' | 'bank' | 'now'>;

type Input = z.output<typeof bankVerificationRequestSchema>;

export async function verifyBankAccount(
  deps: Deps,
  applicantId: string,
  input: Input,
  log: { warn: (o: object, m: string) => void },
): Promise<Outcome> {
  const read = await deps.records.requireStageWith(applicantId, 'bank-verification', ['bank_obj', 'pan_obj']);
  const { stage, section } = read;
  // Already verified: go on to the signature (section 2).
  if (stage > STAGE.BANK_AND_SEGMENT) return ok('bankVerified', { screen: routeForStage(stage), stage });

  const details = await deps.bank.ifsc.lookup(input.ifsc);
  if (!details) throw invalidField('ifsc', 'ifscInvalid');
  const name = panNameOf(section('pan_obj'));
  // read with the stage
  const applicant = read.applicant();
  const stored = section('bank_obj');

  // Over today's allowance: the cancelled cheque is the way on.
  if (!(await takeBankAttempt(deps, applicantId))) return fail('bankFailed', { screen: CHEQUE_SCREEN });

  let result: PennyDropResult & { provider?: string };
  try {
    // every provider over its budget: the applicant waits in the queue, the attempt given back
    result = await inTurn(deps.database.db, deps.config.surge.queue, 'bank_verification', applicantId, () =>
      deps.bank.pennyDrop.verify({
        ifsc: input.ifsc,
        accountNumber: input.account_number,
        expectedName: name,
        phone: applicant.mobile,
      }),
    );
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'providerQueue') {
      await giveBackBankAttempt(deps, applicantId);
      throw err;
    }
    // the error itself: the logger's serializer reads an Error (a bare message string made the log call throw)
    log.warn({ err: err as Error }, 'penny drop unavailable');
    result = { outcome: 'invalid', code: 'PROVIDER_ERROR', reason: 'The bank could not be reached' };
  }

  const base: BankObj = {
    ...stored,
    ...branchFields(details),
    account_number: input.account_number,
    account_type: input.account_type,
    doctype: stored?.doctype ?? 'CancelledCheque',
    bank_verify_edit: true,
  };
  // the provider that answered is kept with the verification (the evidence names it)
  const provider = result.provider;
  if (result.outcome !== 'valid') {
    await deps.records.save(applicantId, {
      bank_obj: { ...base, name_match: null, verification: verification('penny_drop', 'failed', provider) },
    });
    return fail('bankFailed', { screen: CHEQUE_SCREEN });
  }

  const nameMatch = matchHolderName(result.nameAtBank, name);
  if (!namePasses(nameMatch)) {
    await deps.records.save(applicantId, {
      bank_obj: { ...base, name_match: nameMatch, verification: verification('penny_drop', 'name_mismatch', provider) },
    });
    return fail('bankFailed', { screen: CHEQUE_SCREEN, name_match: nameMatch });
  }

  const move = await deps.records.completeStage(applicantId, STAGE.BANK_AND_SEGMENT, {
    action: 'bank-verification',
    sections: {
      bank_obj: {
        ...base,
        name_match: nameMatch,
        bank_verify_edit: false,
        verification: verification('penny_drop', 'verified', provider),
      },
    },
  });
  return ok('bankVerified', { screen: move.screen, stage: move.stage, name_match: nameMatch });
}
