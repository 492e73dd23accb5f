import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleDiagram, mayMove, movesFrom } from '../src/lifecycle.ts';

const ARCHITECTURE = path.resolve(import.meta.dirname, '../../../docs/architecture.md');

describe('the application lifecycle table', () => {
  it('is the diagram docs/architecture.md shows', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    const marker = doc.indexOf('<!-- generated from packages/contracts/src/lifecycle.ts');
    expect(marker).toBeGreaterThan(0);
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(doc.slice(marker))?.[1];
    expect(block).toBe(lifecycleDiagram());
  });

  it('lets no decision land on an approved or completed application, and approves only what waits for it', () => {
    expect(movesFrom('decide')).toEqual(['Pending', 'Rejected']);
    expect(mayMove('Approved', 'decide')).toBe(false);
    expect(mayMove('Completed', 'decide')).toBe(false);
    expect(mayMove('In progress', 'decide')).toBe(false);
    expect(movesFrom('confirm')).toEqual(['Pending']);
    expect(movesFrom('withdraw-send-back')).toEqual(['Rejected']);
    expect(movesFrom('activate')).toEqual(['Approved']);
  });
});
