/**
 * DoT's Mobile Number Revocation List (MNRL): mobile numbers disconnected and possibly reassigned.
 * A number on it is refused at sign-up and holds the exchange registrations for review (NSE
 * ISC72805 and ISC75249; BSE 20240104-26).
 */
export interface MnrlCheck {
  revoked: boolean;
  /** The day the number was revoked (YYYY-MM-DD) when the list gives it. */
  revokedOn: string | null;
}

export interface MobileRevocationList {
  check(mobile: string): Promise<MnrlCheck>;
}
