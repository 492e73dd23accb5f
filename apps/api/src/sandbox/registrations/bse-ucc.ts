/**
 * The sandbox BSE UCC_REST_API 2.2 (AddUCCData_V5, GetUCCStatus_V5), parsing what it receives with
 * its own reading of the public source (lyikadmin/lyik_w2w_plugins
 * ucc_data_parser_plugins/src/lyik/ucc_data_parsers.py @033cd686, BSEPayload lines 69-215; values
 * in ucc_data_parser_utilities/bse_utility.py): every key present (optional ones null), none
 * unknown, the coded values, and the password header as SHA512(MD5(password)) (BSE notice
 * 20260123-41). It shares nothing with the production adapter.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type SandboxRoutes, sixAttributesProblem, uccDecision } from './common.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

/** The CLIENTDETAILS_V5 keys of the source, in its order. */
const BSE_KEYS = [
  'TRANSACTIONCODE',
  'BATUSER',
  'CLIENTTYPE',
  'STATUS',
  'CATEGORY',
  'CLIENTCODE',
  'PANNO',
  'POLITICALEXPERSON',
  'ADDRESS1',
  'PERMNEQUALCORP',
  'ADDRESS2',
  'COUNTRY',
  'STATE',
  'CITY',
  'PINCODE',
  'TYPEOFSERVICE',
  'CONTACTDETAILS',
  'EMAIL',
  'MOBILENUMBER',
  'STDCODE',
  'PHONENO',
  'EQ_CPCODE',
  'EQCMID',
  'FNOCPCODE',
  'FNOCMID',
  'DEPOSITORYNAME1',
  'DEMANTID1',
  'DEPOSITORYPARTICIPANT1',
  'DEPOSITORYNAME2',
  'DEMANTID2',
  'DEPOSITORYPARTICIPANT2',
  'DEPOSITORYNAME3',
  'DEMANTID3',
  'DEPOSITORYPARTICIPANT3',
  'BANKNAME1',
  'ACCOUNTNO1',
  'BANKNAME2',
  'ACCOUNTNO2',
  'BANKNAME3',
  'ACCOUNTNO3',
  'CLIENTAGGREMENTDATE',
  'PROVIDEDETAILS',
  'INCOME',
  'INCOMEDATE',
  'NETWORTH',
  'NETWORTHDATE',
  'ISACTIVE',
  'UPDATEREASON',
  'FIRSTNAME',
  'MIDDLENAME',
  'LASTNAME',
  'AADHARCARDNO',
  'DATEOFBIRTH',
  'CLIENTNAME',
  'REGISTRATIONNO',
  'REGISTERINGAUTHORITY',
  'DATEOFREGISTRATION',
  'PLACEOFREGISTRATION',
  'WHETHERCORPORATE',
  'CINNO',
  'NUMBEROFDIRECTORS',
  'PARTNERS_KARTAUID',
  'PARTNERS_COPARCENERUID',
  'CONTACTPERSONNAME1',
  'CONTACTPERSONDESIGNATION1',
  'CONTACTPERSONADDRESS1',
  'CONTACTPERSONEMAIL1',
  'CONTACTPERSONPAN1',
  'CONTACTPERSONMOBILE1',
  'CONTACTPERSONNAME2',
  'CONTACTPERSONDESIGNATION2',
  'CONTACTPERSONADDRESS2',
  'CONTACTPERSONEMAIL2',
  'CONTACTPERSONPAN2',
  'CONTACTPERSONMOBILE2',
  'CASH',
  'EQUITY_DERIVATIVE',
  'SLB',
  'CURRENCY',
  'DEBT',
  'ISPOA',
  'POAFORFUND',
  'POAFORSECURITY',
  'DATEOFPOAFORFUND',
  'DATEOFPOAFORSECURITY',
  'PERCITY',
  'PERSTATE',
  'PERCOUNTRY',
  'PERPINCODE',
  'CURRENCYCPCODE',
  'CURRENCYCMID',
  'ENROLLMENTNUMBER',
  'COMMDERIVATIVES',
  'OPTEDFORNOMINATION',
  'CUSTPANNO',
  'CUSTNAME',
  'CUSTADDRESS',
  'CUSTCOUNTRY',
  'CUSTSTATE',
  'CUSTCITY',
  'CUSTPINCODE',
  'CUSTMOBILENUMBER',
  'CUSTSTDCODE',
  'CUSTPHONENO',
  'CUSTEMAIL',
  'EGR',
  'BENEFICIALOWNACNTNO1',
  'BENEFICIALOWNACNTNO2',
  'BENEFICIALOWNACNTNO3',
  'OPTED_FOR_UPI',
  'BANKBRANCHIFSCCODE1',
  'PRIMARYORSECONDARYBANK1',
  'BANKBRANCHIFSCCODE2',
  'PRIMARYORSECONDARYBANK2',
  'BANKBRANCHIFSCCODE3',
  'PRIMARYORSECONDARYBANK3',
  'BANKBRANCHIFSCCODE4',
  'BANKNAME4',
  'ACCOUNTNO4',
  'PRIMARYORSECONDARYBANK4',
  'BANKBRANCHIFSCCODE5',
  'BANKNAME5',
  'ACCOUNTNO5',
  'PRIMARYORSECONDARYBANK5',
  'PRIMARYORSECONDARYDP1',
  'PRIMARYORSECONDARYDP2',
  'PRIMARYORSECONDARYDP3',
  'DEMANTID4',
  'BENEFICIALOWNACNTNO4',
  'PRIMARYORSECONDARYDP4',
  'DEPOSITORYNAME4',
  'DEMANTID5',
  'BENEFICIALOWNACNTNO5',
  'PRIMARYORSECONDARYDP5',
  'DEPOSITORYNAME5',
  'CLIENTNAMEDESCRIPTION',
  'DIRECTORDETAILS',
  'SERVERIP',
] as const;

const SEGMENT_FLAGS = ['CASH', 'EQUITY_DERIVATIVE', 'CURRENCY', 'SLB', 'DEBT', 'COMMDERIVATIVES'];

/** The first problem BSE would report in a record, or null. */
function recordProblem(c: Record<string, string | null>): string | null {
  const missing = BSE_KEYS.find((k) => !(k in c));
  if (missing) return `${missing} is missing`;
  const unknown = Object.keys(c).find((k) => !(BSE_KEYS as readonly string[]).includes(k));
  if (unknown) return `${unknown} is not a CLIENTDETAILS_V5 key`;
  const oneOf = (k: string, values: (string | null)[]) =>
    values.includes(c[k] ?? null) ? null : `${k} must be one of ${values.map(String).join('/')}`;
  return (
    oneOf('TRANSACTIONCODE', ['N', 'M']) ??
    oneOf('CLIENTTYPE', ['I', 'NI', 'INS']) ??
    oneOf('STATUS', ['OW', 'CL', 'ER']) ??
    // client_category_value: individuals
    oneOf('CATEGORY', ['I']) ??
    // politically_exposed_value: Y or N
    oneOf('POLITICALEXPERSON', ['Y', 'N']) ??
    // provide_income_networth_details_value: 1 income, 3 income and net worth
    oneOf('PROVIDEDETAILS', ['1', '3']) ??
    // income_value: 1 to 5, not zero-padded
    oneOf('INCOME', ['1', '2', '3', '4', '5']) ??
    oneOf('ISACTIVE', ['Y', 'N', 'C']) ??
    oneOf('DEPOSITORYNAME1', ['NSDL', 'CDSL']) ??
    (c.DEPOSITORYPARTICIPANT1 ? null : 'DEPOSITORYPARTICIPANT1 (the DP name) is mandatory') ??
    (c.BENEFICIALOWNACNTNO1 ? null : 'BENEFICIALOWNACNTNO1 is mandatory') ??
    // opted_for_upi_value: registered Y, not opted N, not applicable NA, deregistered D
    oneOf('OPTED_FOR_UPI', ['Y', 'N', 'NA', 'D']) ??
    (/^\d{2}\/\d{2}\/\d{4}$/.test(c.DATEOFBIRTH ?? '') ? null : 'DATEOFBIRTH must be dd/mm/yyyy') ??
    (SEGMENT_FLAGS.some((sg) => c[sg] === 'Y') ? null : 'At least one segment must be Y')
  );
}

const md5ThenSha512 = (password: string) =>
  createHash('sha512').update(createHash('md5').update(password).digest('hex')).digest('hex');

const bseAnswer = (row: SandboxRequestRow, clientCode: string) => ({
  STATUS: row.outcome === 'accepted' ? 'SUCCESS' : 'FAILED',
  CLIENTCODE: clientCode,
  REMARKS: row.message,
});

export const bseSandboxRoutes: SandboxRoutes = (app, ctx) => {
  const headersOk = (h: Record<string, unknown>) =>
    h.userid === ctx.credentials.userName && h.password === md5ThenSha512(ctx.credentials.password);
  app.post('/sandbox/registrations/bse/AddUCCData_V5', async (req, reply) => {
    if (!headersOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const body = z.object({ CLIENTDETAILS_V5: z.record(z.string(), z.string().nullable()) }).safeParse(req.body);
    const requestId = String(req.headers.requestid ?? '');
    if (!body.success || !requestId) return reply.code(400).send({ STATUS: 'FAILED', REMARKS: 'Malformed request' });
    const c = body.data.CLIENTDETAILS_V5;
    const format = recordProblem(c);
    if (format) return reply.code(400).send({ STATUS: 'FAILED', CLIENTCODE: c.CLIENTCODE ?? null, REMARKS: format });
    const problem = sixAttributesProblem({
      name: c.CLIENTNAME ?? c.LASTNAME ?? '',
      address: c.ADDRESS1 ?? '',
      pin: c.PINCODE ?? '',
      pan: c.PANNO ?? '',
      mobile: c.MOBILENUMBER ?? '',
      email: c.EMAIL ?? '',
      income: c.INCOME ?? '',
    });
    const row = await uccDecision(ctx, 'bse', requestId, c.PANNO ?? '', problem);
    return bseAnswer(row, c.CLIENTCODE ?? '');
  });
  app.post('/sandbox/registrations/bse/GetUCCStatus_V5', async (req, reply) => {
    if (!headersOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const row = await repo.find(ctx.db, 'bse', String(req.headers.requestid ?? ''));
    const clientCode = String((req.body as { CLIENTCODE?: unknown } | null)?.CLIENTCODE ?? '');
    if (!row) return reply.code(404).send({ STATUS: 'FAILED', CLIENTCODE: clientCode, REMARKS: 'Client not found' });
    return bseAnswer(row, clientCode);
  });
};
