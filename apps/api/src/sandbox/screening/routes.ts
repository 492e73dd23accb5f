/**
 * The sandbox's screening list files, each in its published (or the platform's) layout, with
 * fictitious test entries (docs/configuration.md, Screening lists):
 * - the UN consolidated list as XML, transcribed from the layout of
 *   https://scsanctions.un.org/resources/xml/en/consolidated.xml (CONSOLIDATED_LIST/INDIVIDUALS/
 *   INDIVIDUAL: DATAID, FIRST_NAME to FOURTH_NAME, UN_LIST_TYPE, REFERENCE_NUMBER, LISTED_ON,
 *   NATIONALITY/VALUE, INDIVIDUAL_ALIAS with QUALITY and ALIAS_NAME, INDIVIDUAL_DATE_OF_BIRTH with
 *   TYPE_OF_DATE and DATE, YEAR or FROM_YEAR/TO_YEAR; ENTITIES/ENTITY beside them);
 * - SEBI's debarred entities and a PEP list as CSV (SEBI publishes no machine-readable list).
 * Known outcomes: ZORAWAR QUILLFEATHER born 1980-01-15 (UN), OSWIN BRACKENRIDGE or the PAN
 * AAAPZ4321Q (SEBI), PERPETUA WINTERBOURNE born 1975-05-05 (PEP) are hits; other people are not.
 */
import type { FastifyInstance } from 'fastify';

export const SANDBOX_UN_LIST = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" dateGenerated="2026-11-30T00:00:00.000Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>9000001</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>ZORAWAR</FIRST_NAME>
      <SECOND_NAME>QUILLFEATHER</SECOND_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.901</REFERENCE_NUMBER>
      <LISTED_ON>2019-03-01</LISTED_ON>
      <NATIONALITY><VALUE>Testland</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Z. QUILLFEATHER</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1980-01-15</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>9000002</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>MARGRAVE</FIRST_NAME>
      <SECOND_NAME>TESSELLATE</SECOND_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <REFERENCE_NUMBER>KPi.902</REFERENCE_NUMBER>
      <LISTED_ON>2017-08-05</LISTED_ON>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1966</FROM_YEAR><TO_YEAR>1967</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>9000101</DATAID>
      <FIRST_NAME>TESTLAND FRONT TRADING</FIRST_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDe.903</REFERENCE_NUMBER>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
`;

export const SANDBOX_SEBI_LIST = [
  'name,pan,date_of_birth,reference,order_date,details',
  'OSWIN BRACKENRIDGE,AAAPZ4321Q,,WTM/SANDBOX/2024/01,12-03-2024,"Restrained from the securities market, 5 years"',
  'CALLOWAY FENWORTHY,,,WTM/SANDBOX/2025/07,2025-07-21,Debarred 2 years',
].join('\n');

export const SANDBOX_PEP_LIST = [
  'name,pan,date_of_birth,reference,order_date,details',
  'PERPETUA WINTERBOURNE,,1975-05-05,PEP-SBX-1,,Member of a state legislature',
].join('\n');

export async function sandboxScreeningRoutes(app: FastifyInstance) {
  app.get('/sandbox/screening/un-consolidated.xml', async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').send(SANDBOX_UN_LIST),
  );
  app.get('/sandbox/screening/sebi-debarred.csv', async (_req, reply) =>
    reply.type('text/csv; charset=utf-8').send(`${SANDBOX_SEBI_LIST}\n`),
  );
  app.get('/sandbox/screening/pep.csv', async (_req, reply) =>
    reply.type('text/csv; charset=utf-8').send(`${SANDBOX_PEP_LIST}\n`),
  );
}
