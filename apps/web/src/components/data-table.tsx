/**
 * A table of records as the back office shows them: in a keyboard-reachable region that scrolls
 * sideways on a narrow screen (ScrollRegion), column headers with `scope="col"`, the first column
 * heading its row (`scope="row"`) unless told otherwise, and one row per record with its own key,
 * style and data attributes (what the browser tests find a row by).
 */
import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of this column's cells, beside the table's own cell padding. */
  className?: string;
}

export interface DataTableProps<Row> {
  /** The scroll region's name, read by a screen reader. */
  label: string;
  columns: Array<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column heads each row (default), or every cell is data. */
  rowHeaders?: boolean;
  rowClassName?: (row: Row) => string | undefined;
  /** Data attributes of each row (`data-check`, `data-testid`…). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** Padding of every cell; `compact` for tables inside a panel. */
  density?: 'compact' | 'roomy';
  /** The table's minimum width (a Tailwind class such as `min-w-[40rem]`), so it scrolls rather than squeezes. */
  minWidth?: string;
  regionClassName?: string;
  headClassName?: string;
}

const PAD = { compact: 'py-1.5 pr-3', roomy: 'p-2' };

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowHeaders = true,
  rowClassName,
  rowData,
  density = 'compact',
  minWidth = '',
  regionClassName,
  headClassName = 'text-muted',
}: DataTableProps<Row>) {
  const pad = PAD[density];
  return (
    <ScrollRegion label={label} {...(regionClassName && { className: regionClassName })}>
      <table className={`w-full text-left text-sm ${minWidth}`}>
        <thead className={headClassName}>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${pad} font-normal`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`align-top ${rowClassName?.(row) ?? ''}`} {...rowData?.(row)}>
              {columns.map((c, i) =>
                i === 0 && rowHeaders ? (
                  <th key={c.key} scope="row" className={`${pad} font-semibold ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={`${pad} ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
