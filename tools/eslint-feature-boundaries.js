/**
 * Code flows one way in the web app: shared (components/, lib/) -> features/ -> app/. A feature
 * never imports another feature or app/; shared code never imports a feature. Contracts import
 * nothing from apps.
 * In the API: shared code (lib/, records/, documents/, db/, auth/, realtime/, plugins/) ->
 * providers/ -> modules/ -> app.ts, app-deps.ts and cli/. A module never imports another module
 * nor the sandbox (a provider like any other, reached through its port); providers never import
 * modules; shared code imports neither. (A local rule: the plugin that did this needs native
 * bindings per platform.) Import cycles are refused by madge in `npm run lint`.
 * The composition root (app-deps.ts, the zone `api-root`) is imported by the app alone: app.ts,
 * server.ts and cli/ (and the tests' support, outside src/). A module declares what it uses in its
 * own deps.ts, each type from where it is defined, and AppDeps satisfies it structurally.
 */
import path from 'node:path';
import process from 'node:process';

const WEB = path.join('apps', 'web', 'src');
const API = 'apps/api/src/';
const API_SHARED = new Set(['lib', 'records', 'documents', 'db', 'auth', 'realtime', 'plugins']);
const API_ROOT = `${API}app-deps.ts`;
/** The files of the API that build the app, and so may import its composition root. */
const API_ROOT_IMPORTERS = [`${API}app.ts`, `${API}server.ts`, `${API}cli/`];
const under = (rel, paths) => paths.some((p) => rel === p || (p.endsWith('/') && rel.startsWith(p)));
const relative = (file) => path.relative(process.cwd(), file).split(path.sep).join('/');

function zoneOf(file) {
  const rel = relative(file);
  if (rel.startsWith('packages/contracts/')) return { kind: 'contracts' };
  if (rel === API_ROOT) return { kind: 'api-root' };
  if (rel.startsWith(API)) {
    if (under(rel, API_ROOT_IMPORTERS)) return { kind: 'api-app' };
    const [top, feature] = rel.slice(API.length).split('/');
    if (top === 'modules') return { kind: 'api-module', feature };
    if (top === 'sandbox') return { kind: 'api-sandbox' };
    if (top === 'providers') return { kind: 'api-provider' };
    if (API_SHARED.has(top)) return { kind: 'api-shared' };
    return { kind: 'api-other' };
  }
  const web = `${WEB.split(path.sep).join('/')}/`;
  if (!rel.startsWith(web)) return null;
  const [top, feature] = rel.slice(web.length).split('/');
  if (top === 'features') return { kind: 'feature', feature };
  if (top === 'components' || top === 'lib') return { kind: 'shared' };
  if (top === 'app') return { kind: 'app' };
  return null;
}

export const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (from.kind === 'contracts') {
        if (source.includes('/apps/') || source.startsWith('@ekyc/api') || source.startsWith('@ekyc/web'))
          context.report({ node, message: 'Contracts depend on nothing in apps.' });
        return;
      }
      if (!source.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      const message = apiRule(from, to) ?? webRule(from, to);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

function apiRule(from, to) {
  if (to.kind === 'api-root' && from.kind !== 'api-app')
    return 'Only the app (app.ts, server.ts, cli/) imports the composition root; declare what a module uses in its deps.ts.';
  if (from.kind === 'api-module' && to.kind === 'api-module' && to.feature !== from.feature)
    return 'A module never imports another module; what both need goes to records/, documents/ or lib/.';
  if (from.kind === 'api-module' && to.kind === 'api-sandbox')
    return 'Modules do not import the sandbox: it is a provider, reached through its port.';
  if (from.kind === 'api-provider' && to.kind === 'api-module') return 'Providers do not import modules.';
  if (from.kind === 'api-shared' && (to.kind === 'api-module' || to.kind === 'api-sandbox'))
    return 'Shared code does not import modules or the sandbox.';
  return null;
}

function webRule(from, to) {
  if (from.kind === 'feature' && to.kind === 'feature' && to.feature !== from.feature)
    return 'A feature never imports another feature; compose them in app/.';
  if (from.kind === 'feature' && to.kind === 'app') return 'Features do not import app/.';
  if (from.kind === 'shared' && to.kind === 'feature') return 'Shared code does not import features.';
  return null;
}
