/**
 * `npm run bench:face`: the sandbox face check and face match alone (the liveness provider's own
 * work), on the warm worker the API uses. Prints medians and p95 over a series; BENCHMARKS.md
 * records them under Work items.
 */
import { availableParallelism, loadavg } from 'node:os';
import { FaceChecker } from '../apps/api/src/sandbox/liveness/face-check.ts';
import { selfieImages } from '../apps/api/test/support/selfie-images.ts';
import { median, ms, percentile } from './lib.ts';

const RUNS = Number(process.env.BENCH_FACE_RUNS ?? 20);

/**
 * Wall-clock times, sorted, and the CPU time per run of this process (the worker's work: the main
 * thread only waits). On a busy machine the CPU time is the steadier figure.
 */
async function series(n: number, fn: () => Promise<unknown>): Promise<{ wall: number[]; cpuMs: number }> {
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    wall.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return { wall: wall.sort((a, b) => a - b), cpuMs: (used.user + used.system) / 1000 / n };
}
const line = (s: { wall: number[]; cpuMs: number }) =>
  `median ${ms(median(s.wall))}, p95 ${ms(percentile(s.wall, 95))}, CPU ${ms(s.cpuMs)} per run`;

const faces = new FaceChecker();
const { woman, man } = await selfieImages();
let start = performance.now();
await faces.warm();
const warm = performance.now() - start;
start = performance.now();
const first = await faces.check(woman, man);
const firstMatch = performance.now() - start;
const detect = await series(RUNS, () => faces.check(woman));
const match = await series(RUNS, () => faces.check(woman, man));
const same = await faces.check(woman, woman);
await faces.close();
console.log(`model load ${ms(warm)}, first match ${ms(firstMatch)} (similarity ${first.similarity})`);
console.log(`face check (one face), ${RUNS} runs: ${line(detect)}`);
console.log(`face match (selfie against another face), ${RUNS} runs: ${line(match)}`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log(`same face similarity ${same.similarity}, different faces ${first.similarity}`);
