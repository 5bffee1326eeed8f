import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { FieldSchema } from '../_parts/console/api-schemas.js';
import { withQuery } from '../_parts/data.js';
import { sortableFields } from './rows.js';
import type { SelectionState, SortState } from './RowsTable.js';
import type { Row } from './use-table-rows.js';

/**
 * The sort in the address (orderBy, order): a click on the current column turns its direction, on another column
 * sorts by it ascending; back to page 1 either way.
 */
export function useSort(input: FieldSchema | undefined): SortState | undefined {
  const query = useRouteQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const fields = useMemo(() => (input ? sortableFields(input) : new Set<string>()), [input]);
  if (fields.size === 0) return undefined;
  const orderBy = query.orderBy && fields.has(query.orderBy) ? query.orderBy : undefined;
  const order = query.order === 'asc' ? 'asc' : 'desc';
  return {
    fields,
    orderBy,
    order,
    onSort: (field) => {
      const { page: _page, ...rest } = query;
      const nextOrder = field === orderBy && order === 'asc' ? 'desc' : 'asc';
      navigate(withQuery(pathname, { ...rest, orderBy: field, order: nextOrder }));
    },
  };
}

/** The rows selected on the page shown, by their place on it; cleared whenever the rows are loaded again. */
export function useSelection(rows: readonly Row[] | undefined): SelectionState & { rows: Row[]; clear: () => void } {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setSelected(new Set()), [rows]);
  const count = rows?.length ?? 0;
  const toggle = useCallback((index: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setSelected((current) => (current.size === count ? new Set() : new Set(Array.from({ length: count }, (_, i) => i))));
  }, [count]);
  return {
    selected,
    toggle,
    toggleAll,
    rows: [...selected].sort((a, b) => a - b).flatMap((i) => (rows?.[i] ? [rows[i]] : [])),
    clear: () => setSelected(new Set()),
  };
}
