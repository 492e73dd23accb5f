/**
 * What other modules use of the privacy module's account closure: the client area records the
 * closure its request carried out, and the record's retention hold starts from that day
 * (modules/privacy/close-account.ts implements it; the composition root hands it over).
 */
export interface AccountClosures {
  /**
   * Records the account closed on `closedOn` (YYYY-MM-DD, India) by `closedBy` (the staff member
   * who confirmed it): the retention holds run from that day. Returns the day the record is
   * erased; a closure recorded already answers null.
   */
  close(applicantId: string, input: { closedOn: string; reason: string; closedBy: string }): Promise<string | null>;
}
