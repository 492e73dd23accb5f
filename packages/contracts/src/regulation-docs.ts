/** docs/regulation.md, rendered from the rules table (regulation.ts) so the rules are written once. */
import { BUILT_IN_CONTROLS } from './regulation-controls.ts';
import { REGULATION, RULE_KEYS, RULE_SET_IDS, type RuleDefinition } from './regulation.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderRegulationDocs(): string {
  const lines = [
    '# Regulation in force, as dated rules',
    '',
    '<!-- Generated from packages/contracts/src/regulation.ts by `npm run docs:regulation`; do not edit by hand. -->',
    '',
    'Every regulatory constant of the onboarding is a list of changes: the day it takes effect, the value, and the',
    'circular (or other instrument) it comes from. An application follows the rule set in force on the day it',
    'started (India time); the back office may move it to a newer set, and the move lists what changes. Values',
    'from the product specification are the first entries where no circular has changed them.',
    '',
    `Rule sets (the days on which some rule changed): ${RULE_SET_IDS.join(', ')}.`,
    '',
  ];
  for (const key of RULE_KEYS) {
    const rule = REGULATION[key] as RuleDefinition<unknown>;
    lines.push(`## ${rule.title}`, '', `Key: \`${key}\``, '', '| from | value | source |', '|---|---|---|');
    for (const change of rule.changes)
      lines.push(
        `| ${change.from} | ${cell(rule.show(change.value))} | ${cell(change.source.ref)}${change.source.date ? ` (${change.source.date})` : ''} |`,
      );
    lines.push('');
  }
  lines.push(
    '## Controls applied whatever the day',
    '',
    'No value of these changes with a circular, so they are not dated rules; each is applied by the code named.',
    '',
    '| control | source | where |',
    '|---|---|---|',
  );
  for (const control of BUILT_IN_CONTROLS)
    lines.push(
      `| ${cell(control.title)} | ${cell(control.sources.map((s) => `${s.ref} (${s.date})`).join('; '))} | ${control.where.map((w) => `\`${w}\``).join(', ')} |`,
    );
  lines.push('');
  return lines.join('\n');
}
