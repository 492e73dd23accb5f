/** API processes started by a test: a free port, and readiness by the process's answer, not a fixed wait. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A start-up budget that grows with the machine's load: `base` on an idle machine, a multiple of
 * it when more work is waiting than there are cores (children transpile and boot beside the suite).
 */
export function startBudgetMs(base = 60_000): number {
  return base * Math.max(1, Math.ceil(loadavg()[0]! / availableParallelism()));
}

/** Resolves when the child answers /readyz; fails at once if the child exits, or when the budget is spent. */
export async function waitReady(child: ChildProcess, port: number, budgetMs = startBudgetMs()): Promise<void> {
  let exited: string | null = child.exitCode === null ? null : `exited (${child.exitCode})`;
  const onExit = (code: number | null, signal: string | null) => (exited = `exited (${code ?? signal})`);
  child.once('exit', onExit);
  const until = Date.now() + budgetMs;
  try {
    while (!exited && Date.now() < until) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    child.off('exit', onExit);
  }
  throw new Error(`the API process on port ${port} ${exited ?? `was not ready within ${budgetMs} ms`}`);
}
