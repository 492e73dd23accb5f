/**
 * MCX publishes no UCC layout, so the MCX registrar is unverified: with production providers it
 * sends nothing and holds the registration for a manual one, unless the operator accepts the
 * layout knowingly (REGISTRATIONS_MCX_UNVERIFIED=true). docs/registrations.md.
 */
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createRegistrars } from '../src/providers/registrations/create.ts';
import { McxUccRegistrar } from '../src/providers/registrations/mcx-ucc.ts';
import { subject } from './support/registration-subject.ts';
import { PRODUCTION_PROVIDER_ENV } from './support/test-app.ts';

const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' } as const;
const noSelfFetch = async () => {
  throw new Error('nothing goes to the sandbox with production providers');
};
const commodity = { ...subject, segments: ['commodity_derivatives_1'] };

it('with production providers the MCX UCC is not sent: it waits on hold, naming why', async () => {
  const registrars = createRegistrars(loadConfig({ ...base, ...PRODUCTION_PROVIDER_ENV }), noSelfFetch);
  expect(registrars.ucc.MCX).not.toBeInstanceOf(McxUccRegistrar);
  const answer = await registrars.ucc.MCX.submit(commodity, 'R1');
  expect(answer).toMatchObject({ status: 'on_hold', reference: null, request: 'nothing sent: MCX layout unverified' });
  expect(answer.reason).toMatch(/^MCX UCC layout unverified .*REGISTRATIONS_MCX_UNVERIFIED=true/);
  expect((await registrars.ucc.MCX.check(commodity, 'R1', null)).status).toBe('on_hold');
});

it('uses the unverified layout only once the operator sets REGISTRATIONS_MCX_UNVERIFIED', () => {
  const config = loadConfig({ ...base, ...PRODUCTION_PROVIDER_ENV, REGISTRATIONS_MCX_UNVERIFIED: 'true' });
  expect(config.registrations.mcxUnverified).toBe(true);
  expect(createRegistrars(config, noSelfFetch).ucc.MCX).toBeInstanceOf(McxUccRegistrar);
  // the sandbox speaks the platform's own layout, as before
  expect(createRegistrars(loadConfig(base), noSelfFetch).ucc.MCX).toBeInstanceOf(McxUccRegistrar);
});
