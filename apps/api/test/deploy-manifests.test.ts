/**
 * The deployment files a broker's IT team applies: every Kubernetes manifest under deploy/k8s is
 * valid against the Kubernetes API schemas (kubernetes-models: validators generated from the
 * Kubernetes OpenAPI definitions), and the set holds together: the Service, HPA, PodDisruptionBudget
 * and Ingress reach the Deployment, the pods run non-root on a read-only root file system with
 * /healthz and /readyz probes, and the Ingress passes WebSocket upgrades. The Containerfile and the
 * Compose file say the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { EVIDENCE_KEY } from './support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const K8S = path.join(ROOT, 'deploy/k8s');

/** The kinds the set uses, each with the model that validates it. */
const MODELS = {
  'apps/v1/Deployment': (o: object) => new Deployment(o).validate(),
  'v1/Service': (o: object) => new Service(o).validate(),
  'v1/ConfigMap': (o: object) => new ConfigMap(o).validate(),
  'networking.k8s.io/v1/Ingress': (o: object) => new Ingress(o).validate(),
  'autoscaling/v2/HorizontalPodAutoscaler': (o: object) => new HorizontalPodAutoscaler(o).validate(),
  'policy/v1/PodDisruptionBudget': (o: object) => new PodDisruptionBudget(o).validate(),
  'batch/v1/Job': (o: object) => new Job(o).validate(),
} as const;
type Kind = keyof typeof MODELS;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // the shapes read below; the models above check the whole of each document
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

function manifests(): { file: string; doc: Manifest }[] {
  return readdirSync(K8S)
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(K8S, file), 'utf8')).map((d) => ({ file, doc: d.toJS() as Manifest })),
    );
}
const byKind = (kind: string) => manifests().filter((m) => m.doc.kind === kind);
const validate = (doc: Manifest) => {
  const kind = `${doc.apiVersion}/${doc.kind}` as Kind;
  const model = MODELS[kind];
  if (!model) throw new Error(`no schema for ${kind}`);
  model(doc);
};

interface PodSpec {
  securityContext: { runAsNonRoot: boolean; runAsUser: number };
  containers: {
    args: string[];
    securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
    readinessProbe?: { httpGet: { path: string } };
    livenessProbe?: { httpGet: { path: string } };
    envFrom: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  }[];
}

describe('Kubernetes manifests, Containerfile and Compose file', () => {
  it('every manifest is valid against the Kubernetes schemas', () => {
    const all = manifests();
    expect(all.map((m) => m.doc.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Job',
      'PodDisruptionBudget',
      'Service',
    ]);
    for (const { file, doc } of all) expect(() => validate(doc), file).not.toThrow();
    const kustomization = parse(readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect(kustomization.resources.sort()).toEqual([...new Set(all.map((m) => m.file))].sort());
  });

  it('the validator refuses a manifest that is wrong (a required field missing, a wrong type)', () => {
    const deployment = structuredClone(byKind('Deployment')[0]!.doc);
    (deployment.spec as { replicas: unknown }).replicas = 'three';
    expect(() => validate(deployment)).toThrow(/replicas/);
    const service = structuredClone(byKind('Service')[0]!.doc);
    (service.spec as { ports: { port?: number }[] }).ports[0]!.port = undefined;
    expect(() => validate(JSON.parse(JSON.stringify(service)) as Manifest)).toThrow(/port/);
  });

  it('the Service, HPA, PodDisruptionBudget and Ingress all reach the Deployment', () => {
    const deployment = byKind('Deployment')[0]!.doc;
    const spec = deployment.spec as {
      replicas: number;
      selector: { matchLabels: Record<string, string> };
      template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    };
    expect(spec.template.metadata.labels).toMatchObject(spec.selector.matchLabels);
    const service = byKind('Service')[0]!.doc;
    expect(spec.template.metadata.labels).toMatchObject(
      (service.spec as { selector: Record<string, string> }).selector,
    );
    const hpa = byKind('HorizontalPodAutoscaler')[0]!.doc.spec as {
      scaleTargetRef: { kind: string; name: string };
      minReplicas: number;
    };
    expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(3);
    const pdb = byKind('PodDisruptionBudget')[0]!.doc.spec as { selector: { matchLabels: Record<string, string> } };
    expect(spec.template.metadata.labels).toMatchObject(pdb.selector.matchLabels);
    const ingress = byKind('Ingress')[0]!.doc;
    const backend = (ingress.spec as { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] })
      .rules[0]!.http.paths[0]!.backend.service;
    expect(backend.name).toBe(service.metadata.name);
  });

  it('the pods run non-root on a read-only root file system, with liveness and readiness probes', () => {
    for (const kind of ['Deployment', 'Job']) {
      const pod = (byKind(kind)[0]!.doc.spec as { template: { spec: PodSpec } }).template.spec;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const c of pod.containers) {
        expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        expect(c.envFrom).toEqual([{ configMapRef: { name: 'ekyc-config' } }, { secretRef: { name: 'ekyc-secrets' } }]);
      }
    }
    const api = (byKind('Deployment')[0]!.doc.spec as { template: { spec: PodSpec } }).template.spec.containers[0]!;
    expect(api.livenessProbe?.httpGet.path).toBe('/healthz');
    expect(api.readinessProbe?.httpGet.path).toBe('/readyz');
    expect(api.args).toEqual(['apps/api/dist/server.js']);
    const migrate = (byKind('Job')[0]!.doc.spec as { template: { spec: PodSpec } }).template.spec.containers[0]!;
    expect(migrate.args).toEqual(['apps/api/dist/cli/migrate.js']);
  });

  it('the Ingress passes WebSocket upgrades with an idle timeout above the 25 s pings', () => {
    const annotations = byKind('Ingress')[0]!.doc.metadata.annotations!;
    expect(annotations['nginx.ingress.kubernetes.io/configuration-snippet']).toContain('proxy_set_header Upgrade');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(30);
  });

  it('the ConfigMap is a configuration the API accepts (with the secrets the Secret adds)', () => {
    const data = byKind('ConfigMap')[0]!.doc.data!;
    const secrets = {
      SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      EVIDENCE_SIGNING_KEY: EVIDENCE_KEY,
      DATABASE_URL: 'postgres://ekyc@db/ekyc',
      REDIS_URL: 'redis://redis:6379',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      BACKOFFICE_ADMIN_EMAIL: 'kyc-head@example.com',
      BACKOFFICE_ADMIN_PASSWORD: 'a long admin password 1',
    };
    const config = loadConfig({ ...data, ...secrets });
    expect(config.env).toBe('production');
    expect(config.s3?.bucket).toBe(data.S3_BUCKET);
    expect(config.port).toBe(8080);
  });

  it('the Containerfile builds the compiled API only, runs it non-root with a health check', () => {
    const file = readFileSync(path.join(ROOT, 'deploy/Containerfile'), 'utf8');
    const runtime = file.slice(file.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER 10001/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(runtime).toContain('--conditions=ekyc-compiled');
    expect(runtime).not.toMatch(/COPY --from=build \S+ \/src\/apps\/api\/src/);
    expect(file).toMatch(/npm prune --omit=dev/);
    const compose = parse(readFileSync(path.join(ROOT, 'deploy/compose/compose.yaml'), 'utf8')) as {
      services: Record<string, { read_only?: boolean; image?: string; command?: string[] }>;
    };
    const apis = Object.keys(compose.services).filter((s) => /^api-\d$/.test(s));
    expect(apis).toHaveLength(3);
    for (const s of apis) expect(compose.services[s]!.read_only).toBe(true);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'lb', 'migrate']),
    );
  });
});
