/** An account aggregator (ReBIT / Sahamati) as the segment step needs it: one consent for income proof. */
export type ConsentStatusValue = 'PENDING' | 'ACTIVE' | 'PAUSED' | 'REVOKED' | 'EXPIRED' | 'REJECTED';

export interface ConsentRequestInput {
  txnid: string;
  /** The applicant's mobile; the AA customer id is `<mobile>@<aa handle>`. */
  mobile: string;
  /** The statement period the consent covers. */
  from: Date;
  to: Date;
}

export interface WebRedirectionRequest {
  txnid: string;
  sessionid: string;
  userid: string;
  /** Where the AA sends the applicant back (the FIU's page). */
  redirect: string;
  srcref: string;
}

/** What the AA's return to the FIU says (`redirect?fi=&resdate=&ecres=`). */
export interface WebRedirectionResult {
  txnid: string;
  sessionid: string;
  userid: string;
  /** The accepted consent handles, where the AA lists them (optional; an array in the newer standard). */
  srcref: string[];
  status: 'S' | 'F';
  /** 0 success, 1 rejected, 2 not available, 3 invalid request, 4 auth failed, 5 pending. */
  errorcode: string;
}

export interface AccountAggregator {
  requestConsent(input: ConsentRequestInput): Promise<{ consentHandle: string; customerId: string }>;
  consentStatus(consentHandle: string): Promise<{ status: ConsentStatusValue; consentId: string | null }>;
  /** The AA's consent page URL for the browser (`/webview?fi=&reqdate=&ecreq=`). */
  webviewUrl(request: WebRedirectionRequest, now?: Date): string;
  /** Decrypts and checks the AA's return parameters; null when they are not genuine or too old. */
  readRedirect(params: { fi?: string; resdate?: string; ecres?: string }, now?: Date): WebRedirectionResult | null;
}

/**
 * True when the AA's return approves the consent this FIU asked for: the same txnid, the same
 * sessionid (the FIU sends the consent handle as its session id) where the AA echoes it, the handle
 * among the accepted ones where the AA lists them, and status S.
 */
export function approvesConsent(back: WebRedirectionResult | null, sent: { txnid: string; handle: string }): boolean {
  if (!back || back.status !== 'S' || back.txnid !== sent.txnid) return false;
  if (back.sessionid !== '' && back.sessionid !== sent.handle) return false;
  return back.srcref.length === 0 || back.srcref.includes(sent.handle);
}
