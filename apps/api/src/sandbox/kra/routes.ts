/**
 * The sandbox KRA, in the CVL PAN-enquiry shape. Known outcomes (contract): digits 9999 are
 * KRA-registered (CVL, status 02) with a correspondence address; other PANs are not available (05).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const sandboxKraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sandbox/kra/kra/pan-inquiry',
    { schema: { body: z.object({ APP_PAN_NO: z.string().max(10) }) } },
    async (req) => {
      const pan = req.body.APP_PAN_NO;
      if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return { APP_PAN_INQ: { APP_PAN_NO: pan, APP_STATUS: '999' } };
      if (pan.slice(5, 9) !== '9999') return { APP_PAN_INQ: { APP_PAN_NO: pan, APP_STATUS: '005' } };
      return {
        APP_PAN_INQ: {
          APP_PAN_NO: pan,
          APP_STATUS: '002',
          APP_NAME: 'KRA REGISTERED HOLDER',
          APP_KYC_MODE: '0',
          APP_COR_ADD1: 'FLAT 402, SUNRISE APARTMENTS',
          APP_COR_ADD2: 'LINKING ROAD, BANDRA WEST',
          APP_COR_ADD3: 'NEAR NATIONAL COLLEGE',
          APP_COR_CITY: 'MUMBAI',
          APP_COR_PINCD: '400050',
          APP_COR_STATE: 'MAHARASHTRA',
          APP_COR_CTRY: 'INDIA',
          APP_STATUSDT: '12-04-2019',
        },
      };
    },
  );
};
