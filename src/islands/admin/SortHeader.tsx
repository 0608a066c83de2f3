/**
 * A column header of a staff list: a button that sorts by the column when it can, with aria-sort and
 * an arrow for the current order; a plain header otherwise. The list's store decides what a click does.
 */
import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** The column's current order, or false when the list is not sorted by it. */
  sorted: 'asc' | 'desc' | false;
  /** Absent: the column cannot be sorted. */
  onSort?: (() => void) | undefined;
  className?: string;
}

export default function SortHeader({ children, sorted, onSort, className = '' }: Props) {
  if (!onSort) return <th scope="col" className={`px-3 py-2 text-left ${className}`}>{children}</th>;
  return (
    <th scope="col" className={`px-3 py-2 text-left ${className}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="font-bold underline-offset-2 hover:underline" onClick={onSort}>
        {children}
        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}
