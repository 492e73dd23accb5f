/**
 * Every user-facing English message of the spec, verbatim (sections 4, 5 and 8).
 * Spellings such as 'percentgage' and 'Unkown' are the spec's own and are kept on purpose.
 * Translations live in the web app's catalogues, keyed by these names.
 */
export const MSG = {
  // section 5: mobile
  mobileRequired: 'Please Enter Mobile number.',
  mobileStart: 'Phone number must start with 6,7,8 or 9',
  mobileInvalid: 'Enter valid number',
  // section 5: email
  emailRequired: 'Email is required',
  emailInvalid: 'Enter valid email',
  // section 5: OTP (exactly 6 digits; the spec gives no text, this one is ours)
  otpInvalid: 'Enter the 6-digit OTP',
  otpWrong: 'Invalid OTP. Please try again.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpLocked: 'Too many wrong attempts. Please request a new OTP.',
  otpResendTooSoon: 'Please wait before requesting another OTP.',
  otpSendLimit: 'Too many OTP requests for this number. Please try again in an hour.',
  // section 5: name
  nameEnter: 'Please Enter Name',
  nameRequired: 'Name is required.',
  nameAlphabets: 'Enter only Alphabets',
  nameMin: 'Use at least 3 characters',
  nameMax: 'Use at max 30 characters',
  // section 5: PAN and date of birth
  panRequired: 'PAN is required.',
  panInvalid: 'Enter valid PAN',
  panNotIndividual: 'Only individual PAN (4th letter P) can open an account online',
  panNameRequired: 'Name as per PAN is required.',
  panNameDigits: 'Name must not contain digits',
  dobRequired: 'DOB is required.',
  dobAdult: 'User must be at least 18 years old.',
  invalidDate: 'Invalid date',
  // section 5: parents, education
  fatherRequired: "Please enter your Father's name.",
  motherRequired: "Please enter your Mother's name.",
  educationInvalid: 'Enter Valid Education',
  otherEducationRequired: 'Other education is required.',
  fieldRequired: 'Above Field is required',
  // section 5: bank
  ifscInvalid: 'Enter valid IFSC code',
  accountMin: 'Minimum 9 digits required',
  accountRequired: 'Account number is required',
  accountDigits: 'Only digits are allowed',
  accountMax: 'Maximum 18 digits allowed',
  accountConfirmRequired: 'Please confirm the account number',
  accountMismatch: 'Account numbers do not match',
  accountTypeRequired: 'Please select the account type',
  upiRequired: 'UPI Id is required.',
  upiInvalid: 'Enter valid UPI Id',
  chequeType: 'Only images (PNG, JPEG) files can be uploaded',
  // section 5: signature
  signatureSize: 'File size exceeds the 5MB limit',
  signatureIncompleteTitle: 'Your signature looks incomplete!',
  signatureIncompleteBody: 'Are you sure this matches with your PAN card signature?',
  // section 5: nominee
  nomineeEmail: 'Invalid Email',
  nomineeMobile: 'Invalid Mobile',
  nomineePincode: 'Invalid Pin Code',
  lettersOnly: 'Only letters are allowed',
  aadhaarHint: 'Enter last 4 digits of your aadhaar',
  idNumberInvalid: 'Invalid Id Number',
  shareOver100: 'Total share percentage can not exceed more than 100',
  shareEquals100: 'Total share percentgage should be equals to 100',
  nomineeProofType: 'Only images (PNG, JPEG) or PDF files can be uploaded',
  guardianRequired: 'Guardian name is required for a minor nominee',
  guardianMax: 'Use at max 20 characters',
  maxLength100: 'Use at max 100 characters',
  shareInvalid: 'Enter a share up to two decimals, at most 100',
  nomineeProofSize: 'File size exceeds the 2MB limit',
  nomineeSlots: 'Nominees must be numbered nominee_1 to nominee_n, at most the allowed number',
  // section 5: segment
  segmentRequired: 'Please select at least one segment',
  segmentPdfOnly: 'Only PDF files can be uploaded',
  segmentProofOptionRequired: 'Please choose a financial proof',
  segmentProofRequired: 'Please upload the financial proof',
  segmentUploadProcessRequired: 'Please choose how to share the financial proof',
  segmentPdfPasswordRequired: 'This PDF is password protected. Please enter its password.',
  segmentPdfPasswordWrong: 'The PDF password is incorrect.',
  segmentPdfUnreadable: 'This PDF could not be opened. Please upload a valid PDF.',
  // section 5: financial proof rules
  dematHoldingAbove: 'Demat holding must not be above 10,000',
  salarySlipOld: 'Salary slip must not be more than 3 months old',
  bankStatementPeriod: 'Bank statement must cover the last 6 months',
  aaConsentFailed: 'Your consent was not approved. Please try again or upload the proof manually.',
  // section 5: agreements
  agreeRequired: 'Please accept to continue',
  // section 4
  upiCheckApp: 'Please Check your UPI App for verification',
  bankVerified: 'Bank Verified successfully',
  riskDisclosureRequired: 'Please read and acknowledge the risk disclosures on derivatives',
  rbiDeclarationRequired: 'Please accept the RBI declaration for currency derivatives',
  mobilePlaceholder: 'Please enter your own mobile number, not a placeholder.',
  emailPlaceholder: 'Please enter your own email address, not a placeholder.',
  panInoperative:
    'Your PAN is inoperative because it is not linked to your Aadhaar. Link them on the income-tax e-filing portal (a fee of ₹1,000 applies; it takes 4 to 7 days to take effect), then come back to continue.',
  kraOnHold:
    'Your KYC at the KRA is On Hold, so trading would be blocked. Continue here with DigiLocker: the KYC we submit will update your KRA record.',
  kraRejected:
    'Your earlier KYC at the KRA was Rejected. Continue here with DigiLocker and a fresh KYC will be submitted to the KRA.',
  kraDeactivated:
    'Your KYC at the KRA is Deactivated. Continue here with DigiLocker and a fresh KYC will reactivate it.',
  locationOutsideIndia: 'Your device appears to be outside India. The online KYC must be done from within India.',
  nomineeSkipped: 'You have skipped Nominee',
  livenessUserCancelled: 'User cancelled the process',
  livenessAutoDeclined: 'Process has been auto declined',
  livenessNeedsReview: 'Workflow needs manual review',
  livenessUnknown: 'Unkown status',
  // selfie checks and waits (ours: the spec gives no text)
  livenessPending: 'Please complete the liveness check in the window that opened.',
  livenessNoFace: 'No face found in your selfie. Please face the camera in good light and retake it.',
  livenessManyFaces: 'More than one face found in your selfie. Please make sure only you are in the picture.',
  livenessApproved: 'Liveness check completed',
  livenessActionExpired: 'The time for the action has run out. Please take your selfie again with the new action.',
  esignSigned: 'Document signed successfully',
  esignOtpSent: 'An OTP has been sent to your Aadhaar-linked mobile number.',
  esignSecondsLeft: "You've 120 Seconds Left to complete.",
  statusUnderReview: 'Your application is under review. We will get back to you soon.',
  statusVerified: 'Your application has been successfully verified. Thank you for choosing us.',
  statusRejected: 'Your application has been rejected. Please contact our customer support for more details.',
  statusClosed:
    'Your application has been closed and cannot be continued. Please contact our customer support for more details.',
  statusActive: 'Your Account is Active.',
  // section 8
  somethingWrong: 'Something went wrong',
  somethingHasWentWrong: 'Something has went wrong',
  panError: 'An error occurred',
  esignError: 'An error occurred. Please try again.',
  weAreSorry: 'We Are Sorry',
  timeLimit90: 'Your Time Limit Exceed Please try again to complete the process under 90sec',
  timeLimitExceeded: 'Time Limit Exceeded',
  bankFailed: 'Your Bank Verification has failed, Please Verify your bank manually using Cancelled cheque.',
  bankNotVerified: 'Your Bank yet not verified',
  allowPopups: 'Please Allow Popups on your Browser',
  allowPopupsAlert: 'Please allow popups for this site to continue.',
  panNotReceived: 'We have not received your PAN card. Please click Next to proceed to the PAN Upload page.',
  // PAN and DigiLocker outcomes (ours; the spec gives no text)
  panNotFound: 'This PAN was not found at the Income Tax Department. Please check the PAN number.',
  panDetailsMismatch: 'The name or date of birth does not match the PAN record.',
  panUnreadable: 'We could not read the PAN card. Please upload a clearer photo or enter the details.',
  panInUse:
    'This PAN is already linked to an application signed with another mobile number. Please sign in with the mobile number you used then, or contact our customer support.',
  digilockerFailed: 'DigiLocker verification was not completed.',
  countryInvalid: 'Please choose a country from the list.',
  tinInvalid: 'Please enter the tax identification number with letters, digits, / or - only (25 at most).',
  tinOrReasonRequired: 'Please enter the tax identification number, or the reason there is none.',
  taxResidencyConflict: 'You listed a tax residency outside India: turn off “I am a tax resident of India only”.',
  placeOfBirthInvalid: 'Please enter your place of birth (a city or town).',
  mobileRevoked:
    'This mobile number is on the Department of Telecommunications’ list of disconnected numbers. Please sign up with a mobile number in your name that is in use.',
  documentsNotAcknowledged:
    'Please read and acknowledge the current versions of the documents listed above before you sign.',
  // provider, storage and replay faults (ours; each says what to do)
  replayWithheld: 'This request was already completed. Please sign in again to continue.',
  providerUnavailable: 'The verification service is not answering right now. Please try again in a few minutes.',
  panProviderUnavailable:
    'We could not reach the Income Tax Department to check your PAN. Please try again in a few minutes.',
  upiProviderUnavailable:
    'We could not check your UPI ID right now. Please try again, or enter your bank account details instead.',
  digilockerProviderUnavailable:
    'DigiLocker is not answering right now. Please try again in a few minutes, or upload your documents instead.',
  storageFull: 'We could not save your file right now. Please try again in a few minutes.',
  dobLocked: 'Your confirmed date of birth cannot be changed online. Please contact customer support.',
  // client profiling (ours; the spec gives no text)
  experienceTooHigh: 'This is more trading experience than your age allows.',
  genderChangeUnconfirmed: 'Please confirm the change of gender from your documents.',
  familyRelationRequired: 'Choose whose email address this is.',
  familyHolderRequired: 'Enter the name of the family member.',
  // signature by a person with a disability (ours): a guardian signing for the applicant
  signatureGuardianRelation: 'Choose how the guardian is related to you.',
  // transport and session (ours)
  unauthorized: 'Your session has expired. Please sign in again.',
  rateLimited: 'Too many requests. Please try again shortly.',
  payloadTooLarge: 'The request is too large.',
  notFound: 'Not found',
  serviceUnavailable: 'Service is temporarily unavailable. Please try again.',
  // the sign-up waiting room (ours): new sign-ups wait while the service is saturated (an IPO day)
  waitingRoom: 'Many people are opening accounts right now. Please wait: we will try again for you in a moment.',
  providerQueue:
    'Many people are at this step right now. You are in the queue: we will go on by ourselves when it is your turn.',
  // networks (ours): the request got no answer in time on a slow or dropping connection
  requestTimeout: 'The connection is too slow and your request did not finish. Please try again.',
  // uploads (ours)
  pdfActiveContent: 'This PDF contains scripts or attached files and cannot be uploaded. Please upload a plain PDF.',
  pdfPasswordProtected: 'This PDF is password protected. Please upload a copy without a password.',
  pdfTooComplex: 'This PDF is too large or complex to check. Please upload a simpler copy, such as a fresh download.',
  // assisted video KYC booking (ours)
  assistedKycDay: 'Choose a day within the next two weeks, Monday to Saturday.',
  assistedKycSlot: 'Choose a time for the call.',
  assistedKycNote: 'Use at most 300 characters.',
  // step refusals (ours): a request the page does not make, answered in the applicant's language
  ovdPdfBothSides: 'Upload one PDF with both sides, or one or two images',
  noAadhaarAddress: 'The applicant has no Aadhaar address to copy',
  nomineeOptOutOtp: 'Confirm opting out with the OTPs sent to your mobile and your e-mail',
  segmentUnknown: 'Please choose segments from the list',
  selfieJpegOnly: 'Only a JPEG selfie can be uploaded',
  framesJpegOnly: 'Only JPEG frames can be uploaded',
} as const;

export type MessageKey = keyof typeof MSG;

/** The English text of a catalogue message. */
export type CatalogueText = (typeof MSG)[MessageKey];

/**
 * A message given by text, outside the catalogue (a plain acknowledgement such as 'Signed in'):
 * a catalogue message goes by its key, so the compiler refuses its English text here.
 */
export type PlainText<T extends string> = T extends CatalogueText ? never : T;

export const isMessageKey = (m: string): m is MessageKey => Object.hasOwn(MSG, m);
