/**
 * The English text of every applicant success reply that is not one of the spec's messages (MSG):
 * acknowledgements such as 'Nominee details saved', and the few failures of ours beyond the spec's. A reply names one by its key (`code`)
 * beside the text, so the web shows it in the applicant's language (the i18n `messages` namespace
 * is keyed like MSG and ACK). Kept apart from MSG so the web's first page does not carry them:
 * English shows the server's text, the other languages their lazily loaded catalogue.
 */
export const ACK = {
  // sign-up and sign-in
  otpSentMobile: 'OTP sent to your mobile',
  otpSentEmail: 'OTP sent to your email',
  otpVerified: 'OTP verified',
  emailVerified: 'Email verified',
  signedIn: 'Signed in',
  signedOut: 'Signed out',
  userDetails: 'User details',
  referralCode: 'Referral code',
  // PAN and DigiLocker
  panVerified: 'PAN verified',
  panCardRead: 'PAN card read',
  kraAddressConfirmed: 'KRA address confirmed',
  digilocker: 'DigiLocker',
  digilockerVerified: 'DigiLocker verified',
  digilockerDocumentsReceived: 'DigiLocker documents received',
  panCardReceived: 'PAN card received',
  documentsReceived: 'Documents received',
  // profiling
  profilingDraft: 'Profiling draft',
  profilingDraftSaved: 'Saved',
  profilingOptions: 'List',
  personalDetailsSaved: 'Personal details saved',
  // bank
  bankSettings: 'Bank settings',
  ifscFound: 'IFSC found',
  upiComingSoon: 'UPI verification is coming soon. Please add your bank account manually.',
  bankDocumentUploaded: 'Bank document uploaded',
  chequeUploaded: 'Cancelled cheque uploaded',
  // segment and demat
  segmentList: 'Segment list',
  segmentsSaved: 'Segments saved',
  aaConsentPending: 'Please approve the consent with your account aggregator',
  dematAccount: 'Demat account',
  dematAccountSaved: 'Demat account saved',
  financialProofReceived: 'Your financial proof was received',
  // selfie, signature, nominee
  livenessToken: 'Liveness token',
  signatureSaved: 'Signature saved',
  nomineeSettings: 'Nominee settings',
  nomineeSaved: 'Nominee details saved',
  nomineeOtpsSent: 'OTPs sent to your mobile and e-mail',
  // e-sign
  accountOpeningForm: 'Account opening form',
  esignStarted: 'eSign started',
  ddpiDocument: 'Demat Debit and Pledge Instruction (DDPI)',
  // assisted video KYC
  assistedKyc: 'Assisted video KYC',
  assistedCallBooked: 'Your call is booked',
  assistedCallCancelled: 'Your call is cancelled',
  // a document a reviewer asked for during the review
  documentRequestAnswered: 'Your document was sent to the reviewer',
  documentRequestClosed: 'This request no longer waits for a document.',
  // privacy
  consents: 'Consents',
  consentGiven: 'Consent given',
  consentWithdrawn: 'Consent withdrawn',
  erasureRequested: 'Erasure requested',
  dataErased: 'Your data has been erased',
  // the client area (after the account is open)
  noOpenAccount: 'There is no open account for this mobile number.',
  myAccount: 'My account',
  serviceRequest: 'Request',
  nominationRequestSaved: 'Nomination request saved: sign it to send it',
  onlineAccessFrozen: 'Online access frozen',
  onlineAccessRestored: 'Online access restored',
  bankAccountNotVerified: 'The bank did not verify this account.',
  bankNameMismatch: 'The name at the bank does not match the name on your PAN.',
  bankRequestSaved: 'Bank request saved: sign it to send it',
  addressRequestSaved: 'Address change saved: sign it to send it',
  contactOtpsSent: 'OTPs sent to your current and your new contact',
  contactSame: 'This is already the contact on record.',
  contactInUse: 'This mobile number is registered to another client.',
  familyDeclarationRequired: "This e-mail is another client's: say whose it is to use it.",
  contactRequestSaved: 'Contact change saved: sign it to send it',
  closureBlocked: 'Your account cannot be closed yet.',
  closureTransferNeeded: 'Name the demat account your holdings go to.',
  closureRequestSaved: 'Closure request saved: sign it to send it',
  ddpiRequestSaved: 'DDPI request saved: sign it to send it',
  segmentRequestSaved: 'Segment request saved: sign it to send it',
  segmentAlreadyActive: 'This segment is active already.',
  segmentNotActive: 'This segment is not active.',
  incomeProofReceived: 'Income proof received: sign the request to send it',
  kycStatus: 'Your KYC status',
  rekycStarted: 'Fetch your details from DigiLocker to continue',
  rekycNotNeeded: 'Your KYC needs no update now.',
  rekycDetailsReceived: 'Details received from DigiLocker: sign the request to send it',
  rekycNameMismatch: 'The name in DigiLocker does not match the name on your PAN.',
  bankUpiPayment: 'Pay Rs 1 from your UPI app to verify the account',
  bankUpiPaymentStatus: 'UPI payment status',
  bankUpiNotVerified: 'The UPI payment did not verify a bank account in your name.',
  accountClosed: 'This account is closed.',
  accountHolderDeceased:
    'This account is closed to online access: the account holder is recorded as deceased. For a transmission to the nominees or legal heirs, please contact customer support.',
  // the e-sign window: the page the signing service's answer lands on (the form's, the DDPI's and a
  // client request's), in the signer's language (ESIGN_WINDOW_KEYS), and the e-sign socket's refusals
  esignWindowSigned: 'Document signed',
  ddpiSigned: 'DDPI signed',
  requestSigned: 'Request signed',
  requestSignedText: 'Your request is signed and sent for review.',
  esignAnswerUnverified: 'The signing service answer could not be verified.',
  esignUnknownTransaction: 'Unknown signing transaction.',
  esignTimeRanOut: 'The time to sign ran out. Please sign again.',
  esignFormChanged: 'The form changed while it was being signed. Please sign again.',
  ddpiFormChanged: 'The DDPI changed while it was being signed. Please sign again.',
  esignDetail: 'The signing service said:',
  esignWindowBack: 'Return to the application; this window closes by itself.',
  esignWindowBackAccount: 'Return to your account; this window closes by itself.',
  esignWindowClose: 'Close this window',
  esignConnecting: 'Connecting to Aadhaar eSign...',
  esignContinue: 'Continue to Aadhaar eSign',
  socketUnauthorized: 'Unauthorized',
  socketUnknownTransaction: 'Unknown transaction',
  socketTooMany: 'Too many open connections for this session',
} as const;

export type AckKey = keyof typeof ACK;

/**
 * The catalogue messages the server writes into a page of its own, the e-sign window, in the
 * signer's language: the web build copies their translations beside index.html (shell-texts.json),
 * which the server reads (apps/api/src/lib/web-texts.ts).
 */
export const ESIGN_WINDOW_KEYS = [
  'esignWindowSigned',
  'ddpiSigned',
  'requestSigned',
  'requestSignedText',
  'esignAnswerUnverified',
  'esignUnknownTransaction',
  'esignTimeRanOut',
  'esignFormChanged',
  'ddpiFormChanged',
  'esignDetail',
  'esignWindowBack',
  'esignWindowBackAccount',
  'esignWindowClose',
  'esignConnecting',
  'esignContinue',
  'esignSigned',
  'esignError',
  'timeLimitExceeded',
  'panInUse',
] as const;
export type EsignWindowKey = (typeof ESIGN_WINDOW_KEYS)[number];
