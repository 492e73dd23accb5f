/**
 * Tells the applicant a reviewer asks for one more document, by SMS (a fixed DLT template: the
 * variables hold no free text) and email, in the applicant's language; the app shows which
 * document and the reviewer's note. A gateway failure is recorded in the audit trail.
 */
import type { BackofficeDeps } from '../deps.ts';
import { MESSAGE_TEXTS } from '../../../providers/messaging/texts.ts';
import { sendToApplicant } from '../closing/notify-closure.ts';

export const notifyDocumentRequest = (
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
) =>
  sendToApplicant(deps, applicantId, 'document_request', (language) => ({
    text: MESSAGE_TEXTS[language].documentRequest,
    subject: MESSAGE_TEXTS[language].documentRequestSubject,
    vars: {},
  }));
