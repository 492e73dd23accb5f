/**
 * What the bank module's reverse penny drop webhook hands on: a notification that is no applicant's
 * bank step is offered to the client area, whose bank request may be waiting for that payment
 * (modules/servicing/bank-upi-payment.ts implements it; the composition root hands it over).
 */
import type { ReversePennyDropNotification } from '../providers/upi/port.ts';

export interface ClientUpiPayments {
  /** `applied` when a client's payment was waiting for it, else `ignored`. */
  receive(notification: ReversePennyDropNotification): Promise<'applied' | 'ignored'>;
}
