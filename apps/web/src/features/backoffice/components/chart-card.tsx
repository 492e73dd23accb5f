/** A chart with its title, legend (drawn by the chart) and export as CSV or as a PNG image. */
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

function download(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

export function toCsv(rows: Record<string, string | number | null>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n');
}

export function ChartCard({
  title,
  file,
  rows,
  height,
  columnLabel,
  children,
}: {
  title: string;
  file: string;
  rows: Record<string, string | number | null>[];
  /** In CSS pixels, for a chart that grows with its rows (one bar per person); 18 rem otherwise. */
  height?: number;
  /**
   * The names of the rows' columns: given, the chart's figures are also written as a table that
   * screen readers read in place of the drawing (the drawing alone names no figure).
   */
  columnLabel?: (column: string) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation('operations');
  const ref = useRef<HTMLDivElement>(null);
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv' }));
    download(url, `${file}.csv`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const exportPng = () => {
    const svg = ref.current?.querySelector('svg.recharts-surface');
    if (!svg) return;
    const { width, height } = svg.getBoundingClientRect();
    const clone = svg.cloneNode(true) as SVGElement;
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = height * 2;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0, width, height);
      download(canvas.toDataURL('image/png'), `${file}.png`);
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  };
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <figcaption className="mb-2 flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold">{title}</span>
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={exportCsv}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm font-semibold"
          >
            {t('team.exportCsv')}
          </button>
          <button
            type="button"
            onClick={exportPng}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm font-semibold"
          >
            {t('team.exportPng')}
          </button>
        </span>
      </figcaption>
      <div ref={ref} className={height ? 'w-full' : 'h-72 w-full'} style={height ? { height } : undefined}>
        {children}
      </div>
      {columnLabel && rows.length > 0 && <FiguresTable title={title} rows={rows} columnLabel={columnLabel} />}
    </figure>
  );
}

/** A chart's rows as a table for screen readers (visually hidden: the chart shows them). */
function FiguresTable({
  title,
  rows,
  columnLabel,
}: {
  title: string;
  rows: Record<string, string | number | null>[];
  columnLabel: (column: string) => string;
}) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    // a table ignores the 1 px width of sr-only: the wrapper clips it, so the page never scrolls sideways
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {columnLabel(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c} scope="row">
                    {r[c] ?? '—'}
                  </th>
                ) : (
                  <td key={c}>{r[c] ?? '—'}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
