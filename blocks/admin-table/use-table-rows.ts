import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { routeSchemas, type RouteSchemas } from '../_parts/console/api-schemas.js';
import { listBody, rowsOf } from './rows.js';

export type Row = Record<string, unknown>;
export type Loaded = { schemas: RouteSchemas; rows: Row[]; total: number; at: Date };

/**
 * The table's rows and its list call's schemas, for the filters and page in the address; loaded again when they
 * change, on `retry`, every `refreshSeconds` (quietly) and when `load(true)` is called after an action.
 */
export function useTableRows(props: AdminTableProps) {
  const client = useApiClient();
  const query = useRouteQuery();
  const paged = props.paged !== false;
  const pageSize = props.pageSize ?? 20;
  const [state, setState] = useState<Loaded | { error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queryKey = JSON.stringify(query);

  const load = useCallback(
    async (quiet: boolean) => {
      if (!quiet) setState(null);
      try {
        const schemas = await routeSchemas(props.call as ApiRouteName);
        const body = listBody(schemas.input, query, { filters: props.filters, body: props.body, paged, pageSize, pageSizes: props.pageSizes });
        const data = await client.call(props.call as ApiRouteName, { body } as never);
        setState({ schemas, ...rowsOf(data, { rowsField: props.rowsField, childrenField: props.childrenField }), at: new Date() });
      } catch (error) {
        // A quiet refresh that fails keeps the rows shown; the next one may succeed.
        if (!quiet) setState({ error });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, props.call, queryKey, attempt],
  );
  useEffect(() => {
    void load(false);
  }, [load]);
  useEffect(() => {
    if (!props.refreshSeconds) return;
    const timer = window.setInterval(() => void load(true), props.refreshSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [load, props.refreshSeconds]);

  return { state, load, retry: () => setAttempt((n) => n + 1) };
}
