import { describe, expect, it } from 'vitest';
import {
  amcOverYears,
  brokerageForOrders,
  bsdaAnnualCharge,
  bsdaSlab,
  CHARGE_IDS,
  CHARGE_NOTES,
  CHARGE_SCHEDULE,
  chargeRow,
  debitTransactionCharge,
  dematRejectionCharge,
  dematRequestCharge,
  disBookCharge,
  formatRupees,
  GST_RATE_PERCENT,
  gstOn,
  minimumUpfrontMargin,
  offMarketTransferCharge,
  pledgeCreationCharge,
  rematCharge,
  rs,
} from '../src/charges.ts';

describe('charge table (section 9)', () => {
  it('has exactly one row per charge id', () => {
    expect(CHARGE_SCHEDULE.map((r) => r.id).sort()).toEqual([...CHARGE_IDS].sort());
  });
  it('opens the account for nothing', () => {
    expect(chargeRow('accountOpening').rule).toEqual({ type: 'nil' });
  });
  it('keeps the notes, penalty and per-script charges as written', () => {
    expect(CHARGE_NOTES).toEqual({ revisionNoticeDays: 30, stampDutyRemovedOn: '2020-07-01' });
    expect(chargeRow('latePaymentPenalty').rule).toEqual({ type: 'interest', ratePercentPerYear: 13, afterYears: 1 });
    expect(chargeRow('perScript15')).toMatchObject({ rule: { amount: rs(15), unit: 'script' }, plusGst: true });
    expect(chargeRow('perScript20')).toMatchObject({ rule: { amount: rs(20), unit: 'script' }, plusGst: true });
    expect(chargeRow('pledgeCreation').rule).toMatchObject({ amount: rs(50), unit: 'transaction' });
  });
  it('charges GST at 18 %', () => {
    expect(GST_RATE_PERCENT).toBe(18);
    expect(gstOn(rs(400))).toBe(rs(72));
    expect(gstOn(rs(20))).toBe(rs(3.6));
  });
});

describe('brokerage', () => {
  it('is Rs 20 per order for futures, options and currency', () => {
    expect(brokerageForOrders('futures')).toEqual({ charge: rs(20), gst: 0, total: rs(20) });
    expect(brokerageForOrders('options', 3).charge).toBe(rs(60));
    expect(brokerageForOrders('currency', 10).charge).toBe(rs(200));
  });
  it('is zero on delivery', () => {
    expect(brokerageForOrders('delivery', 50)).toEqual({ charge: 0, gst: 0, total: 0 });
  });
  it('rejects a fractional or negative order count', () => {
    expect(() => brokerageForOrders('futures', 1.5)).toThrow(RangeError);
    expect(() => brokerageForOrders('futures', -1)).toThrow(RangeError);
  });
  it('asks 20 % upfront margin in the cash segment', () => {
    expect(minimumUpfrontMargin(rs(1_00_000))).toBe(rs(20_000));
    expect(minimumUpfrontMargin(rs(1234.55))).toBe(rs(246.91));
  });
});

describe('AMC over N years', () => {
  it('normal plan: 400 plus tax every year', () => {
    expect(amcOverYears('normal', 1)).toEqual({ charge: rs(400), gst: rs(72), total: rs(472) });
    expect(amcOverYears('normal', 5).charge).toBe(rs(2000));
  });
  it('five-year plan: 499 plus tax for each block of five years begun', () => {
    expect(amcOverYears('fiveYear', 1)).toEqual({ charge: rs(499), gst: rs(89.82), total: rs(588.82) });
    expect(amcOverYears('fiveYear', 5).charge).toBe(rs(499));
    expect(amcOverYears('fiveYear', 6).charge).toBe(rs(998));
  });
  it('lifetime plan: 999 plus tax once', () => {
    expect(amcOverYears('lifetime', 1)).toEqual({ charge: rs(999), gst: rs(179.82), total: rs(1178.82) });
    expect(amcOverYears('lifetime', 30).charge).toBe(rs(999));
  });
  it('discounted plan: free in year 1, then Rs 20 plus GST a month', () => {
    expect(amcOverYears('discounted', 1).total).toBe(0);
    expect(amcOverYears('discounted', 2)).toEqual({ charge: rs(240), gst: rs(43.2), total: rs(283.2) });
    expect(amcOverYears('discounted', 5).charge).toBe(rs(960));
  });
  it('costs nothing over zero years', () => {
    for (const plan of ['normal', 'fiveYear', 'lifetime', 'discounted'] as const)
      expect(amcOverYears(plan, 0).total).toBe(0);
  });
});

describe('BSDA slabs', () => {
  it('charges nothing up to Rs 50,000 (inclusive)', () => {
    expect(bsdaAnnualCharge(rs(0))).toMatchObject({ slab: 'nil', total: 0 });
    expect(bsdaAnnualCharge(rs(50_000))).toMatchObject({ slab: 'nil', total: 0 });
  });
  it('charges Rs 500 above 50,000 up to 2 lakh (inclusive)', () => {
    expect(bsdaAnnualCharge(rs(50_000.01))).toMatchObject({ slab: 'reduced', charge: rs(500) });
    expect(bsdaAnnualCharge(rs(2_00_000))).toMatchObject({ slab: 'reduced', charge: rs(500) });
  });
  it('charges the regular AMC above 2 lakh', () => {
    expect(bsdaSlab(rs(2_00_000.01))).toBe('regular');
    expect(bsdaAnnualCharge(rs(5_00_000))).toMatchObject({ slab: 'regular', charge: rs(400), total: rs(472) });
  });
});

describe('demat and remat', () => {
  it('demat request: Rs 3 per certificate plus 35 courier', () => {
    expect(dematRequestCharge(10)).toMatchObject({ charge: rs(30 + 35), courier: rs(35) });
  });
  it('demat request: the certificate part stops at Rs 350', () => {
    expect(dematRequestCharge(116).charge).toBe(rs(348 + 35));
    expect(dematRequestCharge(117).charge).toBe(rs(350 + 35));
    expect(dematRequestCharge(1000).charge).toBe(rs(350 + 35));
  });
  it('demat rejection: 20 plus 35 courier', () => {
    expect(dematRejectionCharge()).toMatchObject({ charge: rs(55), courier: rs(35) });
  });
  it('remat: per 100 securities when that is higher', () => {
    // 1,000 securities on 2 certificates: 10 lots x 20 = 200 beats 2 x 20 = 40.
    expect(rematCharge(1000, 2)).toMatchObject({ basis: 'securities', charge: rs(200), byCertificates: rs(40) });
    // A part of 100 counts as a lot: 150 securities = 2 lots.
    expect(rematCharge(150, 1)).toMatchObject({ basis: 'securities', charge: rs(40) });
  });
  it('remat: per certificate when that is higher', () => {
    // 200 securities on 5 certificates: 2 lots x 20 = 40 loses to 5 x 20 = 100.
    expect(rematCharge(200, 5)).toMatchObject({ basis: 'certificates', charge: rs(100), bySecurities: rs(40) });
  });
});

describe('debit transaction: 0.010 % or Rs 25, whichever is higher', () => {
  it('takes the minimum on small values', () => {
    expect(debitTransactionCharge(rs(1_00_000))).toMatchObject({ basis: 'minimum', byPercent: rs(10), charge: rs(25) });
  });
  it('is 25 either way at exactly 2.5 lakh', () => {
    expect(debitTransactionCharge(rs(2_50_000)).charge).toBe(rs(25));
  });
  it('takes the percentage on large values', () => {
    expect(debitTransactionCharge(rs(10_00_000))).toMatchObject({ basis: 'percent', charge: rs(100) });
    expect(debitTransactionCharge(rs(3_33_333)).charge).toBe(rs(33.33));
  });
});

describe('off-market transfer: 0.03 % or Rs 25, whichever is higher', () => {
  it('takes the minimum on small values', () => {
    expect(offMarketTransferCharge(rs(50_000))).toMatchObject({ basis: 'minimum', byPercent: rs(15), charge: rs(25) });
  });
  it('takes the percentage on large values', () => {
    expect(offMarketTransferCharge(rs(1_00_000))).toMatchObject({ basis: 'percent', charge: rs(30) });
    expect(offMarketTransferCharge(rs(83_400)).charge).toBe(rs(25.02));
  });
});

describe('pledge and DIS books', () => {
  it('pledge creation: 50 per transaction', () => {
    expect(pledgeCreationCharge(3).charge).toBe(rs(150));
  });
  it('DIS books: the first is free, then 50 each', () => {
    expect(disBookCharge(1).charge).toBe(0);
    expect(disBookCharge(2).charge).toBe(rs(50));
    expect(disBookCharge(4).charge).toBe(rs(150));
  });
});

describe('formatRupees', () => {
  it('groups in the Indian way', () => {
    expect(formatRupees(rs(1234567.5))).toBe('12,34,567.5');
    expect(formatRupees(rs(25))).toBe('25');
  });
});
