/**
 * The e-sign service over several ESPs (ESIGN_VENDORS): a signing goes to the first vendor in the
 * configured order that is up and within its day's budget; a vendor whose checks keep failing has
 * its circuit opened and is skipped without being asked; a spent budget skips a vendor without
 * counting against its health; the vendor chosen is recorded and its answer read with its keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FailoverEsignService, type EsignVendor, type VendorEvent } from '../src/providers/esign/failover.ts';
import type { EsignGateway, SigningResult } from '../src/providers/esign/port.ts';
import { configureProviderCalls, ProviderError } from '../src/providers/http.ts';
import { ProviderLimits } from '../src/providers/limits.ts';

const INPUT = { txn: 'ASP1', inputHash: Buffer.alloc(32), docInfo: 'form', responseUrl: '/back' };

/** A vendor's gateway: its form posts to its own page; its answers are read as its own. */
function gateway(name: string): EsignGateway & { read: string[] } {
  const read: string[] = [];
  return {
    read,
    signingForm: (input) => ({ action: `https://${name}.example/esp`, fields: { aspTxnID: input.txn } }),
    readResponse: async (xml): Promise<SigningResult> => {
      read.push(xml);
      return { txn: /txn="([^"]+)"/.exec(xml)![1]!, ok: false, errCode: 'signer_declined', errMsg: 'declined' };
    },
    trustAnchors: { roots: [], intermediates: [] },
    now: () => 0,
    seal: () => Buffer.alloc(0),
  };
}

/** A vendor whose health check answers as `health` says at the time of the call, counting calls. */
function vendor(name: string, health: { up: boolean; calls: number } | null): EsignVendor {
  return {
    name,
    gateway: gateway(name),
    ...(health && {
      check: async () => {
        health.calls++;
        if (!health.up) throw new ProviderError('GET /health answered 503', 503, undefined, 'server_error');
      },
    }),
  };
}

function service(vendors: EsignVendor[], failures = 3) {
  const recorded = new Map<string, string>();
  const events: VendorEvent[] = [];
  const esign = new FailoverEsignService(
    vendors,
    {
      record: async (txn, v) => void recorded.set(txn, v),
      vendorOf: async (txn) => recorded.get(txn) ?? null,
    },
    { failures, halfOpenAfterMs: 3_600_000 },
  );
  esign.observe((e) => events.push(e));
  return { esign, recorded, events };
}

afterEach(() => configureProviderCalls({ limits: undefined }));

describe('the e-sign service over several ESPs', () => {
  it('sends a signing to the first vendor in the configured order and records it', async () => {
    const first = { up: true, calls: 0 };
    const second = { up: true, calls: 0 };
    const { esign, recorded } = service([vendor('esign', first), vendor('esign-alt', second)]);
    const form = await esign.signingForm(INPUT);
    expect(form).toMatchObject({ vendor: 'esign', action: 'https://esign.example/esp' });
    expect(recorded.get('ASP1')).toBe('esign');
    expect(second.calls).toBe(0);

    // the other order, the other vendor
    const swapped = service([vendor('esign-alt', { up: true, calls: 0 }), vendor('esign', first)]);
    expect((await swapped.esign.signingForm(INPUT)).vendor).toBe('esign-alt');
  });

  it('skips a failing vendor, opens its circuit after the configured failures, then stops asking it', async () => {
    const first = { up: false, calls: 0 };
    const second = { up: true, calls: 0 };
    const { esign, events } = service([vendor('esign', first), vendor('esign-alt', second)], 3);
    for (let i = 0; i < 3; i++)
      expect((await esign.signingForm({ ...INPUT, txn: `ASP${i}` })).vendor).toBe('esign-alt');
    expect(first.calls).toBe(3);
    expect(esign.circuits()).toEqual([
      { vendor: 'esign', open: true },
      { vendor: 'esign-alt', open: false },
    ]);
    expect(events).toContainEqual({ vendor: 'esign', kind: 'circuit', open: true });

    // open: the next signings go straight to the second vendor, the first is not called
    first.up = true;
    expect((await esign.signingForm({ ...INPUT, txn: 'ASP9' })).vendor).toBe('esign-alt');
    expect(first.calls).toBe(3);
    expect(events.at(-2)).toEqual({ vendor: 'esign', kind: 'skipped', reason: 'circuit_open' });
    expect(events.at(-1)).toEqual({ vendor: 'esign-alt', kind: 'chosen' });
  });

  it('skips a vendor whose day budget is spent without counting it as a failure', async () => {
    configureProviderCalls({ limits: new ProviderLimits({ esign: { perDay: 2 } }) });
    const { esign, events } = service([vendor('esign', null), vendor('esign-alt', null)], 1);
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await esign.signingForm({ ...INPUT, txn: `ASP${i}` })).vendor);
    expect(served).toEqual(['esign', 'esign', 'esign-alt', 'esign-alt']);
    expect(events).toContainEqual({ vendor: 'esign', kind: 'skipped', reason: 'over_budget' });
    // a spent budget is not an outage: the circuit stays closed (one failure would have opened it)
    expect(esign.circuits()[0]).toEqual({ vendor: 'esign', open: false });
  });

  it('answers the provider-away error when every vendor is down or spent', async () => {
    configureProviderCalls({ limits: new ProviderLimits({ 'esign-alt': { perDay: 0 } }) });
    const { esign } = service([vendor('esign', { up: false, calls: 0 }), vendor('esign-alt', null)]);
    await expect(esign.signingForm(INPUT)).rejects.toMatchObject({
      constructor: ProviderError,
      reason: 'over_budget',
    });
  });

  it('reads an answer with the keys of the vendor its transaction was sent to, whatever the order now', async () => {
    const first = vendor('esign', { up: false, calls: 0 });
    const second = vendor('esign-alt', { up: true, calls: 0 });
    const { esign } = service([first, second]);
    await esign.signingForm({ ...INPUT, txn: 'ASP7' });
    const answer = await esign.readResponse('<EsignResp status="0" txn="ASP7" ts="" resCode="R"/>');
    expect(answer.vendor).toBe('esign-alt');
    expect((second.gateway as ReturnType<typeof gateway>).read).toHaveLength(1);
    expect((first.gateway as ReturnType<typeof gateway>).read).toHaveLength(0);
    // a transaction from before vendors were recorded is the first vendor's
    expect((await esign.readResponse('<EsignResp status="0" txn="OLD1" ts="" resCode="R"/>')).vendor).toBe('esign');
  });
});
