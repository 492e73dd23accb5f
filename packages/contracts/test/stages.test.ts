import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { screenSchema } from '../src/screen.ts';
import {
  BASE_PATH,
  guardRedirect,
  nextStage,
  progressAnimates,
  PAN_MISSING_SCREEN,
  progressOf,
  ROUTE,
  routeForStage,
  STAGE_ORDER,
  subStepOf,
} from '../src/stages.ts';

describe('stage table (section 4)', () => {
  it('runs 110 to 220 in steps of 10', () => {
    expect(STAGE_ORDER).toEqual([110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220]);
    expect(nextStage(150)).toBe(160);
    expect(nextStage(220)).toBe(220);
  });
  it('sends unknown stages to the root', () => {
    expect(routeForStage(999)).toBe('/');
    expect(routeForStage(undefined)).toBe('/');
    expect(routeForStage(130)).toBe('/pan-verification');
  });
  it('redirects a page outside its window to the current stage', () => {
    expect(guardRedirect('/bank-and-segment/cancel-cheque', 140)).toBe('/digilocker');
    expect(guardRedirect('/bank-and-segment/cancel-cheque', 160)).toBeNull();
    expect(guardRedirect('/bank-and-segment/nominee', 170)).toBeNull();
    expect(guardRedirect('/e-sign', 130)).toBe('/pan-verification');
    expect(guardRedirect('/', 130)).toBeNull();
  });
  it('keeps the status page open after a rejection, and the rejected stage reachable', () => {
    expect(guardRedirect('/status', 160)).toBe('/bank-and-segment');
    expect(guardRedirect('/status', 160, { rejected: true })).toBeNull();
    expect(guardRedirect('/bank-and-segment', 160, { rejected: true })).toBeNull();
    expect(guardRedirect('/e-sign', 160, { rejected: true })).toBe('/bank-and-segment');
  });
  it('counts Accept and Pending out of 12', () => {
    const list = [
      { admin_activity: 'Accept' },
      { admin_activity: 'Pending' },
      { admin_activity: 'Reject' },
      { admin_activity: null },
    ];
    expect(progressOf(list)).toEqual({ steps: 2, percent: 16.66 });
    expect(progressOf(Array.from({ length: 12 }, () => ({ admin_activity: 'Accept' })))).toEqual({
      steps: 12,
      percent: 100,
    });
  });
  it('animates unless at 100 % or on profiling and bank pages', () => {
    expect(progressAnimates(50, '/ekyc1/pan-verification')).toBe(true);
    expect(progressAnimates(100, '/ekyc1/status')).toBe(false);
    expect(progressAnimates(50, '/ekyc1/client-profiling/education')).toBe(false);
    expect(progressAnimates(50, '/ekyc1/bank-and-segment/upi')).toBe(false);
  });
});

describe('sub-steps of a stage shown over several screens', () => {
  it('counts the eight client-profiling screens in their order, with or without the base path', () => {
    expect(subStepOf('/client-profiling/occupation')).toEqual({ n: 1, total: 8 });
    expect(subStepOf('/ekyc1/client-profiling/education/')).toEqual({ n: 5, total: 8 });
    expect(subStepOf('/ekyc1/client-profiling/declaration')).toEqual({ n: 8, total: 8 });
  });
  it('gives none for a one-screen stage', () => {
    expect(subStepOf('/ekyc1/take-selfie')).toBeNull();
    expect(subStepOf('/ekyc1/client-profiling')).toBeNull();
  });
});

describe('screenSchema', () => {
  it('takes an applicant route, with a query where its page reads one', () => {
    expect(z.safeParse(screenSchema, ROUTE.esign).success).toBe(true);
    expect(z.safeParse(screenSchema, PAN_MISSING_SCREEN).success).toBe(true);
    expect(z.safeParse(screenSchema, `${ROUTE.digilocker}?failed=true`).success).toBe(true);
  });

  it('refuses a page that does not exist, or a route with the base path', () => {
    expect(z.safeParse(screenSchema, '/nowhere').success).toBe(false);
    expect(z.safeParse(screenSchema, `${BASE_PATH}${ROUTE.esign}`).success).toBe(false);
    expect(z.safeParse(screenSchema, '/my-account').success).toBe(false);
  });
});
