/**
 * The sandbox trading platform: the OMS client-administration shape of
 * providers/trading-platform/oms-api.ts. Each client code starts with two pending orders (a GTD
 * order and an equity SIP instalment); a freeze blocks access and cancels them, and a repeat of the
 * same request answers as the first time. The state lives in the database (any process serves it).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_OMS_KEY } from '../../providers/trading-platform/create.ts';
import { SandboxState } from '../state.ts';

/** Pending orders each sandbox client holds before any freeze. */
export const SANDBOX_PENDING_ORDERS = 2;

interface ClientState {
  frozen: boolean;
  frozenAt: string | null;
  pendingOrders: number;
  cancelledOrders: number;
  /** Requests already carried out (a repeat answers the same). */
  requests: string[];
}

const bodySchema = z.object({ request_id: z.string().min(1).max(64) });
const paramsSchema = z.object({ code: z.string().min(1).max(20) });

export async function sandboxTradingPlatformRoutes(app: FastifyInstance) {
  const clients = new SandboxState<ClientState>(app.deps, 'trading-platform', 365 * 24 * 3600 * 1000);
  const initial = (): ClientState => ({
    frozen: false,
    frozenAt: null,
    pendingOrders: SANDBOX_PENDING_ORDERS,
    cancelledOrders: 0,
    requests: [],
  });

  const change = async (code: string, requestId: string, apply: (s: ClientState) => ClientState) => {
    for (;;) {
      const stored = await clients.get(code);
      const current = stored?.value ?? initial();
      if (current.requests.includes(requestId)) return current;
      const next = apply({ ...current, requests: [...current.requests.slice(-20), requestId] });
      if (!stored) {
        await clients.put(code, next);
        return next;
      }
      if (await clients.replace(code, stored, next)) return next;
    }
  };

  app.post('/sandbox/trading-platform/clients/:code/:action', async (req, reply) => {
    if (req.headers['x-api-key'] !== SANDBOX_OMS_KEY) return reply.code(401).send({ error: 'bad api key' });
    const params = paramsSchema.extend({ action: z.enum(['freeze', 'unfreeze']) }).safeParse(req.params);
    const body = bodySchema.safeParse(req.body);
    if (!params.success || !body.success) return reply.code(400).send({ error: 'malformed request' });
    const { code, action } = params.data;
    if (action === 'freeze') {
      const s = await change(code, body.data.request_id, (c) =>
        c.frozen
          ? c
          : {
              ...c,
              frozen: true,
              frozenAt: new Date().toISOString(),
              cancelledOrders: c.pendingOrders,
              pendingOrders: 0,
            },
      );
      return { status: 'frozen', frozen_at: s.frozenAt, cancelled_orders: s.cancelledOrders };
    }
    await change(code, body.data.request_id, (c) => ({ ...c, frozen: false, frozenAt: null }));
    return { status: 'active' };
  });

  /** What the platform holds for a client code (tests and the sandbox's own pages read it). */
  app.get('/sandbox/trading-platform/clients/:code', async (req, reply) => {
    const params = paramsSchema.safeParse(req.params);
    if (!params.success) return reply.code(400).send({ error: 'malformed request' });
    const s = (await clients.get(params.data.code))?.value ?? initial();
    return {
      client_code: params.data.code,
      online_access: s.frozen ? 'frozen' : 'active',
      pending_orders: s.pendingOrders,
      cancelled_orders: s.cancelledOrders,
    };
  });
}
