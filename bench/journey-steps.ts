/**
 * One synthetic applicant's whole API journey, with the same driver the crash and canary tests
 * use (apps/api/test/support/full-journey.ts): every call a browser makes, timed by the client.
 */
import { fetchClient, newApplicant, runFullJourney } from '../apps/api/test/support/full-journey.ts';
import { journeyAssets } from '../apps/api/test/support/journey-assets.ts';

export type CallTimer = (name: string, ms: number) => void;

let assets: Awaited<ReturnType<typeof journeyAssets>> | null = null;

export async function runJourney(baseUrl: string, seed: string, timer: CallTimer): Promise<void> {
  assets ??= await journeyAssets();
  const result = await runFullJourney(fetchClient(baseUrl), {
    applicant: newApplicant(seed),
    assets,
    onCall: (t) => timer(`${t.method} ${t.path.replace('/api/v1/ekyc/', '')}`, t.ms),
  });
  if (result.stage !== 220) throw new Error(`journey ended at stage ${result.stage}`);
}
