/**
 * Code flows one way in the web app: shared (components/, lib/) -> features/ -> app/. A feature
 * never imports another feature or app/; shared code never imports a feature. Contracts import
 * nothing from apps. (A local rule: the plugin that did this needs native bindings per platform.)
 */
import path from 'node:path';
import process from 'node:process';

const WEB = path.join('apps', 'web', 'src');

function zoneOf(file) {
  const rel = path.relative(process.cwd(), file).split(path.sep).join('/');
  if (rel.startsWith('packages/contracts/')) return { kind: 'contracts' };
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
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string') return;
        if (from.kind === 'contracts') {
          if (source.includes('/apps/') || source.startsWith('@ekyc/api') || source.startsWith('@ekyc/web'))
            context.report({ node, message: 'Contracts depend on nothing in apps.' });
          return;
        }
        if (!source.startsWith('.')) return;
        const to = zoneOf(path.resolve(path.dirname(context.filename), source));
        if (!to) return;
        if (from.kind === 'feature' && to.kind === 'feature' && to.feature !== from.feature)
          context.report({ node, message: 'A feature never imports another feature; compose them in app/.' });
        else if (from.kind === 'feature' && to.kind === 'app')
          context.report({ node, message: 'Features do not import app/.' });
        else if (from.kind === 'shared' && to.kind === 'feature')
          context.report({ node, message: 'Shared code does not import features.' });
      },
    };
  },
};
