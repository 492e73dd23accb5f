/**
 * A module beside the caller's run in a worker thread or a child process: the compiled JavaScript
 * in production, its TypeScript through tsx from source (a test runner or `npm run dev` may not
 * have tsx in the worker's own arguments).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The ES module entry of tsx's API (require.resolve would give its CommonJS twin). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return path.join(path.dirname(manifest), pkg.exports['./esm/api']!.import.default);
}

/** Starts `./<name>.js` (or `.ts`) next to the module at `callerUrl` (its import.meta.url) in a worker thread. */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.js')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const entry = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  return new Worker(
    `import(${JSON.stringify(pathToFileURL(tsxEsmApi()).href)}).then((m) => m.tsImport(${entry}, ${JSON.stringify(callerUrl)}))`,
    { ...options, eval: true },
  );
}

/**
 * Runs `./<name>.js` (or `.ts`) next to the module at `callerUrl` in a child process with the same
 * Node.js options, and resolves when it exits cleanly: for work whose memory must go with it (a
 * worker thread's heap goes, but the C library keeps the memory it freed).
 */
export function runModuleProcess(callerUrl: string, name: string, args: string[] = []): Promise<void> {
  const compiled = callerUrl.endsWith('.js');
  const entry = fileURLToPath(new URL(`./${name}.${compiled ? 'js' : 'ts'}`, callerUrl));
  const options =
    compiled || process.execArgv.some((a) => a.includes('tsx'))
      ? process.execArgv
      : [...process.execArgv, '--import', 'tsx'];
  const child = spawn(process.execPath, [...options, entry, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${name} stopped (${code ?? signal})`)),
    );
  });
}
