/**
 * The sandbox MCX UCC upload. MCX publishes no UCC layout, so there is no public source to parse
 * against: this reads the pipe batch the platform's own adapter sends (a control record
 * `10|M|member|DDMMYYYY|batch|count`, then `20|` detail records of 23 fields) and checks only the
 * six UCC attributes. Passing here proves nothing about MCX (docs/registrations.md: unverified).
 */
import { type SandboxRoutes, sixAttributesProblem, uccDecision } from './common.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

/** Positions of the detail record (after the record type `20`), as the platform's layout has them. */
const DETAIL = { clientCode: 2, name: 3, pan: 5, address1: 7, pin: 13, mobile: 14, email: 15, income: 16 };
const DETAIL_FIELDS = 24;

const mcxAnswer = (row: SandboxRequestRow, codes: string[]) => ({
  batchNo: row.requestId,
  records: codes.map((clientCode) => ({
    clientCode,
    status: row.outcome === 'accepted' ? 'ACCEPTED' : 'REJECTED',
    reason: row.message,
  })),
});

export const mcxSandboxRoutes: SandboxRoutes = (app, ctx) => {
  const keyOk = (h: Record<string, unknown>) => h['x-api-key'] === ctx.credentials.apiKey;
  app.post('/sandbox/registrations/mcx/ucc/upload', async (req, reply) => {
    if (!keyOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const batchNo = String(req.headers['x-batch-no'] ?? '');
    const lines = String(req.body ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('|'));
    const control = lines[0] ?? [];
    const details = lines.slice(1);
    if (!batchNo || control[0] !== '10' || Number(control[5]) !== details.length || details.length === 0)
      return reply.code(400).send({ error: 'Control record missing or its count differs from the detail records' });
    if (details.some((d) => d[0] !== '20' || d.length !== DETAIL_FIELDS))
      return reply.code(400).send({ error: `Each detail record has ${DETAIL_FIELDS} fields` });
    const d = details[0]!;
    const problem = sixAttributesProblem({
      name: d[DETAIL.name]!,
      address: d[DETAIL.address1]!,
      pin: d[DETAIL.pin]!,
      pan: d[DETAIL.pan]!,
      mobile: d[DETAIL.mobile]!,
      email: d[DETAIL.email]!,
      income: d[DETAIL.income]!,
    });
    const row = await uccDecision(ctx, 'mcx', batchNo, d[DETAIL.pan]!, problem);
    return mcxAnswer(row, [d[DETAIL.clientCode]!]);
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/mcx/ucc/upload/:id', async (req, reply) => {
    if (!keyOk(req.headers)) return reply.code(401).send({ error: 'invalid credentials' });
    const row = await repo.find(ctx.db, 'mcx', req.params.id);
    if (!row) return reply.code(404).send({ error: 'unknown batch' });
    return mcxAnswer(row, [row.reference]);
  });
};
