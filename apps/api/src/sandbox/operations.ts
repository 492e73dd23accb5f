/**
 * The sandbox's calls in the OpenAPI document, by method and path: many stand-ins speaking other
 * parties' wire formats, named here in one table rather than beside each route (routes.ts applies
 * it). Each is tagged Sandbox and public; they exist only in sandbox mode.
 */
export const SANDBOX_OPERATIONS: Readonly<Record<string, readonly [operationId: string, summary: string]>> = {
  'GET /sandbox/assets/sandbox.css': ['sandbox-stylesheet', "The sandbox pages' stylesheet"],
  'GET /sandbox/outbox': [
    'sandbox-outbox',
    'The messages the sandbox SMS, WhatsApp and email gateways would have sent, OTPs included, newest first (?to= filters)',
  ],
  'GET /sandbox/': ['sandbox-outbox-page', 'The outbox as a page that refreshes itself'],
  'POST /sandbox/fixtures/applicant': [
    'sandbox-fixture-applicant',
    'Test fixture: an applicant at a given stage, signed in (only when automated tests ask for fixtures)',
  ],
  'POST /sandbox/fixtures/staff': [
    'sandbox-fixture-staff',
    'Test fixture: a staff account with a known password (only when automated tests ask for fixtures)',
  ],
  'POST /sandbox/liveness/v2/auth/token': [
    'sandbox-liveness-token',
    'Liveness provider stand-in (HyperVerge): an access token',
  ],
  'GET /sandbox/liveness/module.js': [
    'sandbox-liveness-module-script',
    "Liveness provider stand-in: the capture page's script",
  ],
  'GET /sandbox/liveness/module': ['sandbox-liveness-module', 'Liveness provider stand-in: the selfie capture page'],
  'POST /sandbox/liveness/module': [
    'sandbox-liveness-module-submit',
    "Liveness provider stand-in: the capture page's selfie",
  ],
  'POST /sandbox/liveness/v1/link-kyc/results': [
    'sandbox-liveness-results',
    "Liveness provider stand-in: a transaction's results",
  ],
  'POST /sandbox/liveness/v1/checkLiveness': [
    'sandbox-liveness-check',
    "Liveness provider stand-in: check a selfie's liveness",
  ],
  'POST /sandbox/liveness/v1/checkAction': [
    'sandbox-liveness-check-action',
    'Liveness provider stand-in: judge the random action on the frames taken while it was performed',
  ],
  'POST /sandbox/liveness/v1/matchFace': [
    'sandbox-liveness-match-face',
    'Liveness provider stand-in: match the selfie with the photo of the identity document',
  ],
  'GET /sandbox/esign/autosubmit.js': ['sandbox-esign-autosubmit-script', "E-sign service stand-in: the pages' script"],
  'POST /sandbox/esign/esp': [
    'sandbox-esign-request',
    'E-sign service stand-in (ESP): take a signed request, ask for the Aadhaar OTP',
  ],
  'POST /sandbox/esign/esp/otp': [
    'sandbox-esign-otp',
    'E-sign service stand-in: check the OTP, sign, post the response back',
  ],
  'GET /sandbox/esign/ca.pem': [
    'sandbox-esign-ca',
    "E-sign service stand-in: the sandbox certifying authority's certificate",
  ],
  'GET /sandbox/esign/health': ['sandbox-esign-health', "E-sign service stand-in: the service's status"],
  'GET /sandbox/esign-alt/autosubmit.js': [
    'sandbox-esign-alt-autosubmit-script',
    "Second e-sign service stand-in (failover): the pages' script",
  ],
  'POST /sandbox/esign-alt/esp': [
    'sandbox-esign-alt-request',
    'Second e-sign service stand-in (failover): take a signed request, ask for the Aadhaar OTP',
  ],
  'POST /sandbox/esign-alt/esp/otp': [
    'sandbox-esign-alt-otp',
    'Second e-sign service stand-in (failover): check the OTP, sign, post the response back',
  ],
  'GET /sandbox/esign-alt/ca.pem': [
    'sandbox-esign-alt-ca',
    "Second e-sign service stand-in (failover): the sandbox certifying authority's certificate",
  ],
  'GET /sandbox/esign-alt/health': [
    'sandbox-esign-alt-health',
    "Second e-sign service stand-in (failover): the service's status",
  ],
  'POST /sandbox/pan/TIN/PanInquiryAPIBackEnd': [
    'sandbox-pan-inquiry',
    'Income-tax PAN source stand-in (Protean OPV v4): verify PANs with name and date of birth',
  ],
  'POST /sandbox/tsa/timestamp': [
    'sandbox-tsa-timestamp',
    'Time-stamping authority stand-in (RFC 3161): a TimeStampResp for an application/timestamp-query',
  ],
  'POST /sandbox/kra/GetToken': ['sandbox-kra-token', 'KRA stand-in: a session token'],
  'POST /sandbox/kra/SolicitPANDetailsFetchALLKRA': [
    'sandbox-kra-pan-details',
    "KRA stand-in: a PAN's KYC status and address",
  ],
  'GET /sandbox/digilocker/oauth2/1/authorize': [
    'sandbox-digilocker-authorize-page',
    'DigiLocker stand-in: the sign-in page',
  ],
  'POST /sandbox/digilocker/oauth2/1/authorize': ['sandbox-digilocker-authorize', 'DigiLocker stand-in: sign in'],
  'POST /sandbox/digilocker/oauth2/1/consent': [
    'sandbox-digilocker-consent',
    'DigiLocker stand-in: give the consent, back to the app',
  ],
  'POST /sandbox/digilocker/oauth2/1/token': [
    'sandbox-digilocker-token',
    'DigiLocker stand-in: exchange the code for a token',
  ],
  'GET /sandbox/digilocker/oauth2/2/files/issued': [
    'sandbox-digilocker-issued-files',
    'DigiLocker stand-in: the issued documents',
  ],
  'GET /sandbox/digilocker/oauth2/3/xml/eaadhaar': [
    'sandbox-digilocker-eaadhaar',
    'DigiLocker stand-in: the signed e-Aadhaar XML',
  ],
  'GET /sandbox/digilocker/sample-faces/:gender': [
    'sandbox-digilocker-sample-face',
    "DigiLocker stand-in: the Aadhaar photo's face of a female (F) or male (M) holder, to show to the camera",
  ],
  'GET /sandbox/digilocker/oauth2/2/xml/eaadhaar': [
    'sandbox-digilocker-eaadhaar-v2',
    'DigiLocker stand-in: the signed e-Aadhaar XML (version 2 of the call)',
  ],
  'GET /sandbox/digilocker/oauth2/1/xml/:uri': [
    'sandbox-digilocker-file',
    'DigiLocker stand-in: an issued document by its URI',
  ],
  'GET /sandbox/mnrl/list.csv': [
    'sandbox-mnrl-list',
    "MNRL stand-in: the revocation list file with the sandbox's test numbers",
  ],
  'GET /sandbox/hosting-ranges/ranges.txt': [
    'sandbox-hosting-ranges',
    "Hosting and VPN ranges stand-in: the list file with the sandbox's test ranges",
  ],
  'GET /sandbox/screening/un-consolidated.xml': [
    'sandbox-screening-un-list',
    "Screening stand-in: the UN Security Council consolidated list (XML) with the sandbox's test entries",
  ],
  'GET /sandbox/screening/sebi-debarred.csv': [
    'sandbox-screening-sebi-list',
    "Screening stand-in: SEBI's debarred entities (the platform's CSV) with the sandbox's test entries",
  ],
  'GET /sandbox/screening/pep.csv': [
    'sandbox-screening-pep-list',
    "Screening stand-in: a provider's PEP list (the platform's CSV) with the sandbox's test entry",
  ],
  'GET /sandbox/market-data/quote/ohlc': ['sandbox-market-data-ohlc', "Market data stand-in: the symbols' OHLC quotes"],
  'POST /sandbox/trading-platform/clients/:code/:action': [
    'sandbox-trading-platform-action',
    'Trading platform stand-in: freeze (cancelling pending orders) or unfreeze a client code',
  ],
  'GET /sandbox/trading-platform/clients/:code': [
    'sandbox-trading-platform-client',
    "Trading platform stand-in: a client code's access and orders",
  ],
  'POST /sandbox/back-office/clients/:code/closure-check': [
    'sandbox-back-office-closure-check',
    "Back-office stand-in: a closure's pre-check, answered by the PAN's last digit",
  ],
  'POST /sandbox/account-aggregator/Consent': ['sandbox-aa-consent', 'Account aggregator stand-in: ask for a consent'],
  'POST /sandbox/account-aggregator/Consent/handle': [
    'sandbox-aa-consent-handle',
    "Account aggregator stand-in: a consent's status",
  ],
  'GET /sandbox/account-aggregator/cr/v2/entityInfo/AA/:id': [
    'sandbox-aa-registry-entity',
    "Central Registry stand-in: the sandbox AA's entity and its signing key",
  ],
  'GET /sandbox/account-aggregator/webview': [
    'sandbox-aa-webview',
    "Account aggregator stand-in: the applicant's consent page",
  ],
  'POST /sandbox/account-aggregator/webview/decision': [
    'sandbox-aa-webview-decision',
    "Account aggregator stand-in: the applicant's decision, back to the app",
  ],
  'GET /sandbox/account-aggregator/return.js': [
    'sandbox-aa-return-script',
    "Account aggregator stand-in: the pages' script",
  ],
  'GET /sandbox/ifsc/:code': ['sandbox-ifsc', 'IFSC directory stand-in: a branch by its IFSC'],
  'POST /sandbox/bank/verification/bank-account/sync': [
    'sandbox-penny-drop',
    'Penny drop stand-in: verify a bank account and give its holder name',
  ],
  'POST /sandbox/bank-payu/payout/payment/verifyAccount': [
    'sandbox-penny-drop-payu',
    "Second penny drop stand-in (PayU Payouts' format): verify a bank account and give its holder name",
  ],
  'POST /sandbox/kaleyra/v1/:sid/messages': [
    'sandbox-sms-kaleyra',
    "Second SMS gateway stand-in (Kaleyra's SMS API): send an SMS into the outbox",
  ],
  'POST /sandbox/msg91/api/v5/otp': [
    'sandbox-sms-msg91-otp',
    "SMS gateway stand-in (MSG91's SendOTP v5): send an OTP SMS into the outbox",
  ],
  'POST /sandbox/msg91/api/v5/flow/': [
    'sandbox-sms-msg91-flow',
    "SMS gateway stand-in (MSG91's Flow v5): send a template SMS into the outbox",
  ],
  'POST /sandbox/msg91/api/v5/whatsapp/whatsapp-outbound-message/bulk/': [
    'sandbox-whatsapp-msg91',
    "WhatsApp stand-in (MSG91's WhatsApp API): send a template message into the outbox",
  ],
  'POST /sandbox/upi/v1/users/login': ['sandbox-upi-login', 'UPI provider stand-in (Setu): a token'],
  'POST /sandbox/upi/v1/merchants/customer-vpas/verify': [
    'sandbox-upi-verify-vpa',
    'UPI provider stand-in: check a UPI id',
  ],
  'POST /sandbox/upi/v1/merchants/collect': ['sandbox-upi-collect', 'UPI provider stand-in: send a collect request'],
  'GET /sandbox/upi/v1/merchants/collect/:id': [
    'sandbox-upi-collect-status',
    "UPI provider stand-in: a collect request's status",
  ],
  'GET /sandbox/upi/collect/:id': ['sandbox-upi-collect-page', "UPI provider stand-in: the payer's UPI app, as a page"],
  'POST /sandbox/upi/collect/:id/approve': [
    'sandbox-upi-collect-approve',
    'UPI provider stand-in: the payer approves (the webhook follows)',
  ],
  'POST /sandbox/upi/collect/:id/decline': [
    'sandbox-upi-collect-decline',
    'UPI provider stand-in: the payer declines (the webhook follows)',
  ],
  'POST /sandbox/rpd/api/verify/ban/reverse': [
    'sandbox-rpd-create',
    'Reverse penny drop stand-in (Setu): a UPI payment link',
  ],
  'GET /sandbox/rpd/pay/:id': ['sandbox-rpd-pay-page', "Reverse penny drop stand-in: the payer's UPI app, as a page"],
  'POST /sandbox/rpd/pay/:id/pay': [
    'sandbox-rpd-pay',
    'Reverse penny drop stand-in: the payer pays (the webhook follows)',
  ],
  'POST /sandbox/rpd/pay/:id/decline': [
    'sandbox-rpd-decline',
    'Reverse penny drop stand-in: the payer declines (the webhook follows)',
  ],
  'POST /sandbox/registrations/nse/ucc/client-profiling': [
    'sandbox-nse-ucc',
    'NSE stand-in: register a unique client code',
  ],
  'GET /sandbox/registrations/nse/ucc/client-profiling/:id': [
    'sandbox-nse-ucc-status',
    "NSE stand-in: a registration's status",
  ],
  'POST /sandbox/registrations/bse/AddUCCData_V5': ['sandbox-bse-ucc', 'BSE stand-in: register a unique client code'],
  'POST /sandbox/registrations/bse/GetUCCStatus_V5': [
    'sandbox-bse-ucc-status',
    "BSE stand-in: a registration's status",
  ],
  'POST /sandbox/registrations/mcx/ucc/upload': ['sandbox-mcx-ucc', 'MCX stand-in: upload a unique client code'],
  'GET /sandbox/registrations/mcx/ucc/upload/:id': ['sandbox-mcx-ucc-status', "MCX stand-in: an upload's status"],
  'POST /sandbox/registrations/cdsl/bo/harmonised': ['sandbox-cdsl-bo', 'CDSL stand-in: open a demat (BO) account'],
  'GET /sandbox/registrations/cdsl/bo/harmonised/:id': [
    'sandbox-cdsl-bo-status',
    "CDSL stand-in: an account opening's status",
  ],
  'POST /sandbox/registrations/nsdl/accountOpening': ['sandbox-nsdl-account', 'NSDL stand-in: open a demat account'],
  'GET /sandbox/registrations/nsdl/accountOpening/:id': [
    'sandbox-nsdl-account-status',
    "NSDL stand-in: an account opening's status",
  ],
  'POST /sandbox/registrations/kra/PANInquiry.asmx/GetPassword': [
    'sandbox-kra-upload-password',
    'KRA upload stand-in (CVL): a session password',
  ],
  'POST /sandbox/registrations/kra/PANInquiry.asmx/InsertUpdateKYCRecord': [
    'sandbox-kra-upload-record',
    'KRA upload stand-in: upload a KYC record (CKYC through the KRA)',
  ],
  'POST /sandbox/registrations/kra/PANInquiry.asmx/SolicitPANDetailsFetchALLKRA': [
    'sandbox-kra-fetch-record',
    'KRA stand-in (CVL): the KYC record the KRA holds for a PAN, before a modification',
  ],
  'POST /sandbox/registrations/kra/PANInquiry.asmx/GetPanStatus': [
    'sandbox-kra-upload-status',
    "KRA upload stand-in: a PAN's upload status",
  ],
};
