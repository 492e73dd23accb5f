/**
 * The alert rules and the dashboard an operations team installs: `promtool check rules` accepts
 * deploy/prometheus/alerts.yml, `promtool test rules` fires each alert on the series that should
 * fire it (and not on healthy ones), and every metric either names is one the API really exports
 * on /metrics, so no alert or panel watches a series that never exists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runTool } from './support/system-tool.ts';
import { testApp } from './support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROMETHEUS = path.join(ROOT, 'deploy/prometheus');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/ekyc-operations.json');

const rulesSchema = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      rules: z.array(
        z.object({
          alert: z.string().optional(),
          record: z.string().optional(),
          expr: z.string(),
          labels: z.record(z.string(), z.string()).optional(),
          annotations: z.object({ summary: z.string(), description: z.string() }).optional(),
        }),
      ),
    }),
  ),
});
const dashboardSchema = z.object({
  panels: z.array(z.object({ title: z.string(), targets: z.array(z.object({ expr: z.string() })).min(1) })),
});

const promtool = (...args: string[]) => runTool('promtool', args, { cwd: PROMETHEUS });

/** The metric names an expression reads (the app's own; recording rules' names have a colon). */
const metricsIn = (expr: string) => new Set(expr.match(/\bekyc_[a-z0-9_]+/g) ?? []);

describe('Prometheus alert rules and the Grafana dashboard', () => {
  let app: FastifyInstance;
  const exported = new Set<string>();
  beforeAll(async () => {
    app = await testApp();
    const text = (await app.inject({ url: '/metrics' })).body;
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name!);
      if (type === 'histogram' || type === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
    }
  });
  afterAll(() => app.close());

  it('promtool accepts the rules file', () => {
    const r = promtool('check', 'rules', 'alerts.yml');
    expect(r.stderr + r.stdout).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });

  it("promtool's unit tests of every alert pass", () => {
    const r = promtool('test', 'rules', 'alerts.test.yml');
    expect(r.stdout + r.stderr).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });

  it('has the alerts an operations team needs, each tested by promtool and explained in docs/operations.md', () => {
    const rules = rulesSchema.parse(parse(readFileSync(path.join(PROMETHEUS, 'alerts.yml'), 'utf8')));
    const alerts = rules.groups.flatMap((g) => g.rules.flatMap((r) => (r.alert ? [r.alert] : [])));
    expect(alerts).toEqual(
      expect.arrayContaining([
        'ProviderErrorRateHigh',
        'ProviderLatencyHigh',
        'JourneyCompletionDropping',
        'ReviewQueuePastSla',
        'JobQueueWaiting',
        'RegistrationsFailed',
        'RegistrationsLate',
        'DatabaseDown',
        'RedisDown',
        'DiskFillingUp',
        'EventLoopDelayHigh',
      ]),
    );
    const tests = readFileSync(path.join(PROMETHEUS, 'alerts.test.yml'), 'utf8');
    const operations = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    for (const alert of alerts) {
      expect(tests, `${alert} has a promtool test`).toContain(`alertname: ${alert}\n`);
      expect(operations, `${alert} is explained in docs/operations.md`).toContain(`\`${alert}\``);
    }
  });

  it('every metric the rules read is exported by the API', () => {
    const rules = rulesSchema.parse(parse(readFileSync(path.join(PROMETHEUS, 'alerts.yml'), 'utf8')));
    const used = rules.groups.flatMap((g) => g.rules.flatMap((r) => [...metricsIn(r.expr)]));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((m) => !exported.has(m))).toEqual([]);
  });

  it("every metric the dashboard's panels read is exported by the API", () => {
    const dashboard = dashboardSchema.parse(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
    const used = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...metricsIn(t.expr)]));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((m) => !exported.has(m))).toEqual([]);
  });
});
