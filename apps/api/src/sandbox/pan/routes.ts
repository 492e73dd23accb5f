/**
 * The sandbox income-tax PAN source, in the Protean wire format. Known outcomes (contract):
 * digits 0000 not found; every other well-formed PAN valid, with the name and date of birth as
 * entered (digits 9999 and 8888 matter to the KRA and DigiLocker sandboxes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const bodySchema = z.object({
  inputData: z
    .array(z.object({ pan: z.string(), name: z.string(), fathername: z.string().optional(), dob: z.string() }))
    .min(1)
    .max(5),
});

export const sandboxPanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/sandbox/pan/api/v1/pan/verify', { schema: { body: bodySchema } }, async (req) => ({
    response_Code: '1',
    outputData: req.body.inputData.map((row) => {
      const wellFormed = /^[A-Z]{5}\d{4}[A-Z]$/.test(row.pan);
      if (!wellFormed || row.pan.slice(5, 9) === '0000')
        return { pan: row.pan, pan_status: 'N', name: 'N', fathername: 'N', dob: 'N', seeding_status: '' };
      const individual = row.pan[3] === 'P';
      return {
        pan: row.pan,
        pan_status: 'E',
        name: row.name.trim() ? 'Y' : 'N',
        fathername: 'N',
        dob: /^\d{2}\/\d{2}\/\d{4}$/.test(row.dob) ? 'Y' : 'N',
        seeding_status: individual ? 'Y' : 'NA',
      };
    }),
  }));
};
