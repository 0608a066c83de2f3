/**
 * A staff list the server sorts in either direction, drawn with @tanstack/react-table and the shared
 * sortable header, inside a labelled region that scrolls sideways on small screens. A click on a
 * sortable column header sorts by it (`firstDir` first), a second click reverses it; the list's
 * store loads the rows. Used by /admin/orders and /admin/memberships. (ServerSortedTable is for
 * lists the server sorts one way per column.)
 */
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import SortHeader from './SortHeader';

export const sortableFeatures = tableFeatures({ rowSortingFeature });

interface Props<Row extends RowData, Sort extends string> {
  rows: Row[];
  columns: ColumnDef<typeof sortableFeatures, Row, any>[];
  rowKey: (row: Row) => string;
  sort: Sort;
  dir: 'asc' | 'desc';
  /** The direction a column sorts in on its first click. */
  firstDir: 'asc' | 'desc';
  onSort: (sort: Sort, dir: 'asc' | 'desc') => void;
  /** The scrolling region's name. */
  label: string;
  /** Shown in one row when the server returned none (false while loading). */
  empty: string | false;
}

export default function SortableTable<Row extends RowData, Sort extends string>({ rows, columns, rowKey, sort, dir, firstDir, onSort, label, empty }: Props<Row, Sort>) {
  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const table = useTable({
    features: sortableFeatures,
    data: rows,
    columns,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (next) onSort(next.id as Sort, next.desc ? 'desc' : 'asc');
    },
  });
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="bg-surface">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const desc = sorted ? sorted === 'asc' : firstDir === 'desc';
                return (
                  <SortHeader key={header.id} sorted={sorted} onSort={header.column.getCanSort() ? () => header.column.toggleSorting(desc) : undefined}>
                    <table.FlexRender header={header} />
                  </SortHeader>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={rowKey(row.original)} className="border-t border-line align-top">
              {row.getAllCells().map((cell) => <td key={cell.id} className="px-3 py-2"><table.FlexRender cell={cell} /></td>)}
            </tr>
          ))}
          {empty && rows.length === 0 && <tr><td colSpan={columns.length} className="px-3 py-6 text-center text-muted">{empty}</td></tr>}
        </tbody>
      </table>
    </div>
  );
}
