/**
 * The sandbox NSE UCI "Client Profiling API", parsing what it receives with its own reading of the
 * public source (lyikadmin/lyik_w2w_plugins ucc_data_parser_plugins/src/lyik/ucc_data_parsers.py
 * @033cd686, NSEEntry lines 254-420; values in ucc_data_parser_utilities/nse_utility.py): every
 * key present (optional ones as ''), none unknown, and the coded values NSE checks. It shares
 * nothing with the production adapter.
 */
import { z } from 'zod';
import { type SandboxRoutes, sixAttributesProblem, uccDecision } from './common.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

/** The NSEEntry keys of the source, in its order. */
const NSE_KEYS = [
  'ccdMemCd',
  'ccdAcctType',
  'ccdOptForUpi',
  'ccdCd',
  'ccdName',
  'ccdCategory',
  'ccdTelNo',
  'ccdAgrDt',
  'ccdPanNo',
  'ccdBankName',
  'ccdBankIfsc',
  'ccdBankAcctNo',
  'ccdPriSecBnk',
  'ccdDeposName',
  'ccdBenAcctNo',
  'ccdDeposId',
  'ccdPriSecDp',
  'ccdRegNo',
  'ccdRegAuth',
  'ccdPlcReg',
  'ccdDtReg',
  'ccdSegInd',
  'ccdDob',
  'ccdAddLine1',
  'ccdAddLine2',
  'ccdAddLine3',
  'ccdAddCity',
  'ccdAddState',
  'ccdAddCountry',
  'ccdPinCode',
  'ccdTelIsd',
  'ccdTelStd',
  'ccdMobile',
  'ccdEmail',
  'ccdProofType',
  'ccdProofNo',
  'ccdIssPlcProof',
  'ccdIssDtProof',
  'ccdDir1Name',
  'ccdDir2Name',
  'ccdDir3Name',
  'ccdDir1Desig',
  'ccdDir2Desig',
  'ccdDir3Desig',
  'ccdDir1Pan',
  'ccdDir2Pan',
  'ccdDir3Pan',
  'ccdDir1Add',
  'ccdDir2Add',
  'ccdDir3Add',
  'ccdDir1TelNo',
  'ccdDir2TelNo',
  'ccdDir3TelNo',
  'ccdDir1Email',
  'ccdDir2Email',
  'ccdDir3Email',
  'ccdIpv',
  'ccdUccCd',
  'ccdRelationship',
  'ccdTvFlag',
  'ccdFacilityType',
  'ccdCin',
  'ccdCltStatus',
  'ccdCltStatusReason',
  'ccdGender',
  'ccdGuardianName',
  'ccdMaritlStatus',
  'ccdNationality',
  'ccdPermantAddFlg',
  'ccdPermAddLine1',
  'ccdPermAddLine2',
  'ccdPermAddLine3',
  'ccdPermAddCity',
  'ccdPermAddState',
  'ccdPermAddCountry',
  'ccdPermPin',
  'ccdOffcIsd',
  'ccdOffcStd',
  'ccdTelOffice',
  'ccdUid',
  'ccdBankName2',
  'ccdBankIfsc2',
  'ccdBankAcctNo2',
  'ccdPriSecBnk2',
  'ccdBankName3',
  'ccdBankAcctNo3',
  'ccdPriSecBnk3',
  'ccdBankIfsc3',
  'ccdBankName4',
  'ccdBankAcctNo4',
  'ccdPriSecBnk4',
  'ccdBankIfsc4',
  'ccdBankName5',
  'ccdBankAcctNo5',
  'ccdPriSecBnk5',
  'ccdBankIfsc5',
  'ccdDeposName2',
  'ccdDeposId2',
  'ccdBenAcctNo2',
  'ccdPriSecDp2',
  'ccdDeposName3',
  'ccdDeposId3',
  'ccdBenAcctNo3',
  'ccdPriSecDp3',
  'ccdDeposName4',
  'ccdDeposId4',
  'ccdBenAcctNo4',
  'ccdPriSecDp4',
  'ccdDeposName5',
  'ccdDeposId5',
  'ccdBenAcctNo5',
  'ccdPriSecDp5',
  'ccdGrosAnnlRnge',
  'ccdGrosAnnlAsdate',
  'ccdNetWorth',
  'ccdNetWorthAsdate',
  'ccdPep',
  'ccdPoi',
  'ccdOccupation',
  'ccdOccupationDtls',
  'ccdBusComDt',
  'ccdCpCd',
  'ccdClntTyp',
  'ccdDinCntrctPerson1',
  'ccdUidCntrctPerson1',
  'ccdDinCntrctPerson2',
  'ccdUidCntrctPerson2',
  'ccdDinCntrctPerson3',
  'ccdUidCntrctPerson3',
  'ccdDir4Name',
  'ccdDir4Desig',
  'ccdDir4Pan',
  'ccdDir4Add',
  'ccdDir4TelNo',
  'ccdDinCntrctPerson4',
  'ccdUidCntrctPerson4',
  'ccdDir4Email',
  'ccdDir5Name',
  'ccdDir5Desig',
  'ccdDir5Pan',
  'ccdDir5Add',
  'ccdDir5TelNo',
  'ccdDinCntrctPerson5',
  'ccdUidCntrctPerson5',
  'ccdDir5Email',
  'ccdNationalityOth',
  'ccdPermAddStateOth',
  'ccdAddStateOth',
  'ccdPoaFunds',
  'ccdPoaSecurities',
  'ccdCpName',
  'ccdCpPan',
  'ccdCpEmail',
  'ccdCpStd',
  'ccdCpIsd',
  'ccdCpTel',
  'ccdCpMob',
  'ccdCpAdd',
  'ccdCpAddCity',
  'ccdCpAddState',
  'ccdCpAddStateOth',
  'ccdCpAddCountry',
  'ccdCpAddPin',
  'ccdNomFlag',
] as const;

const code = (values: readonly string[], what: string) =>
  z.string().refine((v) => values.includes(v), { message: `${what}: not one of ${values.join('/')}` });

/** The coded values (nse_utility.py: the annexure codes each function names). */
const codedValues = z.looseObject({
  ccdAcctType: code(['CLIENT', 'OWN', 'ERROR'], 'ccdAcctType'),
  // Registered Y, not opted N, not applicable NA, deregistered D (opted_for_upi_value)
  ccdOptForUpi: code(['Y', 'N', 'NA', 'D'], 'ccdOptForUpi'),
  ccdCd: z.string().min(1),
  ccdCategory: z.string().regex(/^\d{1,2}$/),
  ccdSegInd: code(['C', 'F', 'S', 'X', 'D', 'O'], 'ccdSegInd'),
  ccdDob: z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'ccdDob: DD-MM-YYYY'),
  // the state annexure: 1-38, 98 APO, 99 other (STATES)
  ccdAddState: z.string().refine((v) => /^([1-9]|[12]\d|3[0-8]|98|99)$/.test(v), 'ccdAddState: not an NSE state code'),
  // India is 85 in the country annexure (COUNTRIES)
  ccdAddCountry: z.string().regex(/^\d{1,3}$/, 'ccdAddCountry: an NSE country code'),
  ccdGender: code(['M', 'F', 'U', 'NA'], 'ccdGender'),
  ccdMaritlStatus: code(['S', 'M', 'W', 'D', 'NA'], 'ccdMaritlStatus'),
  ccdNationality: code(['1', '2'], 'ccdNationality'),
  // the Aadhaar number, '999999999999' when not applicable, or '' as the source sends (line 335)
  ccdUid: z.string().regex(/^(\d{12})?$/, 'ccdUid: twelve digits or empty'),
  ccdGrosAnnlRnge: code(['0', '1', '2', '3', '4', '5'], 'ccdGrosAnnlRnge'),
  ccdPep: code(['0', '1', '2'], 'ccdPep'),
  ccdOccupation: code(['1', '2', '3', '4', '5', '6', '7', '8', '9', '99'], 'ccdOccupation'),
  ccdDeposName: code(['NSDL', 'CDSL'], 'ccdDeposName'),
  ccdPoaFunds: code(['Y', 'N'], 'ccdPoaFunds'),
  ccdPoaSecurities: code(['Y', 'N'], 'ccdPoaSecurities'),
});

/** One NSEEntry: every key of the source and no other, then its coded values. */
const entrySchema = z.record(z.string(), z.string()).superRefine((e, ctx) => {
  const missing = NSE_KEYS.find((k) => !(k in e));
  const unknown = Object.keys(e).find((k) => !(NSE_KEYS as readonly string[]).includes(k));
  const coded = codedValues.safeParse(e);
  const message = missing
    ? `${missing} is missing`
    : unknown
      ? `${unknown} is not an NSEEntry key`
      : !coded.success
        ? coded.error.issues[0]!.message
        : e.ccdSegInd !== 'C' && e.ccdOptForUpi !== 'NA'
          ? 'ccdOptForUpi: NA outside the cash segment'
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

const nseAnswer = (row: SandboxRequestRow, entries: { ccdCd: string; ccdSegInd: string }[]) => ({
  status: row.outcome === 'accepted' ? 'SUCCESS' : 'FAILURE',
  reqId: row.requestId,
  data: entries.map((e) => ({
    ccdCd: e.ccdCd,
    ccdSegInd: e.ccdSegInd,
    ccdPanSts: row.outcome === 'accepted' ? 'A' : 'I',
    ccdCltStatus: row.outcome === 'accepted' ? 'A' : null,
    errorDesc: row.message,
  })),
});

export const nseSandboxRoutes: SandboxRoutes = (app, ctx) => {
  const keyOk = (headers: Record<string, unknown>) => headers['x-api-key'] === ctx.credentials.apiKey;
  app.post('/sandbox/registrations/nse/ucc/client-profiling', async (req, reply) => {
    if (!keyOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const body = z.object({ reqId: z.string().min(1), NSEEntry: z.array(entrySchema).min(1) }).safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: 'FAILURE', error: body.error.issues[0]?.message });
    const entries = body.data.NSEEntry as Record<string, string>[];
    const e = entries[0]!;
    const problem = entries.some((x) => x.ccdMemCd !== ctx.credentials.memberCode)
      ? 'Member code not registered'
      : (sixAttributesProblem({
          name: e.ccdName!,
          address: e.ccdAddLine1!,
          pin: e.ccdPinCode!,
          pan: e.ccdPanNo!,
          mobile: e.ccdMobile!,
          email: e.ccdEmail!,
          income: e.ccdGrosAnnlRnge === '0' ? '' : e.ccdGrosAnnlRnge!,
        }) ?? (e.ccdBenAcctNo ? null : 'Demat account details are mandatory'));
    const row = await uccDecision(ctx, 'nse', body.data.reqId, e.ccdPanNo!, problem);
    return nseAnswer(
      row,
      entries.map((x) => ({ ccdCd: x.ccdCd!, ccdSegInd: x.ccdSegInd! })),
    );
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/nse/ucc/client-profiling/:id', async (req, reply) => {
    if (!keyOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const row = await repo.find(ctx.db, 'nse', req.params.id);
    if (!row) return reply.code(404).send({ status: 'FAILURE', error: 'unknown request' });
    return nseAnswer(row, [{ ccdCd: row.reference, ccdSegInd: '' }]);
  });
};
