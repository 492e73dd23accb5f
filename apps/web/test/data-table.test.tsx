/**
 * The back office's tables: a named region a keyboard reaches, column headers, the first cell
 * heading its row (so a screen reader names each row by it), and the row's data attributes.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DataTable } from '../src/components/data-table';

afterEach(cleanup);

const rows = [
  { code: 'NSE', state: 'accepted' },
  { code: 'CDSL', state: 'rejected' },
];

it('names the region, heads each row by its first cell and keeps the row attributes', () => {
  render(
    <DataTable
      label="Registrations"
      rows={rows}
      rowKey={(r) => r.code}
      rowData={(r) => ({ 'data-state': r.state })}
      columns={[
        { key: 'code', header: 'Registry', cell: (r) => r.code },
        { key: 'state', header: 'Status', cell: (r) => r.state },
      ]}
    />,
  );
  const region = screen.getByRole('region', { name: 'Registrations' });
  expect(region.tabIndex).toBe(0);
  expect(
    within(region)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Registry', 'Status']);
  expect(
    within(region)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual(['NSE', 'CDSL']);
  expect(screen.getByRole('row', { name: /CDSL/ }).getAttribute('data-state')).toBe('rejected');
});

it('has no row headers when every cell is data', () => {
  render(
    <DataTable
      label="Waiting"
      rowHeaders={false}
      rows={rows}
      rowKey={(r) => r.code}
      columns={[{ key: 'code', header: 'Registry', cell: (r) => r.code }]}
    />,
  );
  expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
  expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['NSE', 'CDSL']);
});
