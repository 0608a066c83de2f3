/**
 * A staff list the server sorts, drawn with @tanstack/react-table and the shared sortable header: a
 * click on a column header asks the list's store for that sort (one direction per column, as the
 * server offers it); the table only draws the rows it is given. Used by /admin/products and
 * /admin/commercial-customers; lists with their own directions (the 404 log) draw their own.
 */
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import SortHeader from './SortHeader';

const features = tableFeatures({ rowSortingFeature });
type Features = typeof features;

/** The column helper for a server-sorted list of `Row`. */
export const serverSortedColumns = <Row extends RowData>() => createColumnHelper<Features, Row>();

interface Props<Row extends RowData, Sort extends string> {
  rows: Row[];
  columns: ColumnDef<Features, Row, any>[];
  /** Column id → the server's sort for it; columns not listed here cannot be sorted. */
  sortIds: Record<string, Sort>;
  sort: Sort;
  onSort: (sort: Sort) => void;
  caption: string;
  /** Shown in one row when there are no rows (false while loading). */
  empty: ReactNode | false;
}

export default function ServerSortedTable<Row extends RowData, Sort extends string>({ rows, columns, sortIds, sort, onSort, caption, empty }: Props<Row, Sort>) {
  const sorting: SortingState = [{ id: Object.entries(sortIds).find(([, v]) => v === sort)?.[0] ?? '', desc: false }];
  const table = useTable({
    features,
    data: rows,
    columns,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const chosen = next ? sortIds[next.id] : undefined;
      if (chosen) onSort(chosen);
    },
  });
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-line bg-white md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortHeader key={header.id} className="whitespace-nowrap" sorted={header.column.getIsSorted() ? 'asc' : false} onSort={header.column.id in sortIds ? () => header.column.toggleSorting(false) : undefined}>
                  <table.FlexRender header={header} />
                </SortHeader>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-t border-line align-middle">
              {row.getAllCells().map((cell) => <td key={cell.id} className="px-3 py-2"><table.FlexRender cell={cell} /></td>)}
            </tr>
          ))}
          {empty !== false && rows.length === 0 && <tr><td colSpan={columns.length} className="px-3 py-6 text-center text-muted">{empty}</td></tr>}
        </tbody>
      </table>
    </div>
  );
}
