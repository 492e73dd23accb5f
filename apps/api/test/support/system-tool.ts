/**
 * The system tools the tests call as independent judges (xmlsec1, openssl, poppler's pdfsig,
 * pdfinfo and pdftotext, qpdf). A missing tool is an error that names it and how to get it, never
 * a verdict: a test expecting "refused" would otherwise pass on a machine without the verifier.
 * `npm test` installs them first (tools/test-prerequisites.sh).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const PACKAGE: Record<string, string> = {
  pdfsig: 'poppler-utils',
  pdfinfo: 'poppler-utils',
  pdftotext: 'poppler-utils',
  promtool: 'prometheus',
  pg_dump: 'postgresql-client',
  pg_restore: 'postgresql-client',
};

/** Runs `tool` and returns its exit status and output, whatever the status. */
export function runTool(tool: string, args: string[], options: Omit<SpawnSyncOptions, 'encoding'> = {}): ToolRun {
  const run = spawnSync(tool, args, { ...options, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      `${tool} is not installed; this test uses it as an independent verifier. ` +
        `Run \`npm run test:prerequisites\` as root, or \`sudo apt-get install -y ${PACKAGE[tool] ?? tool}\`.`,
    );
  }
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs `tool` and returns what it printed; a non-zero exit fails with its message. */
export function toolOutput(tool: string, args: string[], options: Omit<SpawnSyncOptions, 'encoding'> = {}): string {
  const run = runTool(tool, args, options);
  if (run.status !== 0) throw new Error(`${tool} ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}
