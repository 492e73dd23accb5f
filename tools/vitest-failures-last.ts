/**
 * A Vitest reporter that repeats, last and on stdout, which tests failed and why. The default
 * reporter writes a failure's details to stderr as it goes; a log that keeps only the end of the
 * output (a CI summary, `run-p --aggregate-output` putting stdout after stderr) then shows only
 * "1 failed". This names it there.
 */
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** The error's message and its frames in the project's code: enough to tell which assertion. */
const brief = (error: { message?: string; stack?: string }) =>
  [
    ...(error.message ?? String(error)).split('\n').slice(0, 6),
    ...(error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line) && !/node_modules|node:internal|<anonymous>/.test(line))
      .slice(0, 8),
  ].join('\n    ');

export default class FailuresLast implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    const lines: string[] = [];
    for (const module of modules) {
      for (const error of module.errors()) lines.push(`${module.moduleId}\n    ${brief(error)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== 'failed') continue;
        for (const error of result.errors ?? [])
          lines.push(`${module.moduleId} > ${test.fullName}\n    ${brief(error)}`);
      }
    }
    for (const error of unhandled) lines.push(`unhandled error\n    ${brief(error)}`);
    if (lines.length) process.stdout.write(`\nFailed, repeated here:\n${lines.map((l) => `  ${l}`).join('\n')}\n\n`);
  }
}
