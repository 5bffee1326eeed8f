import { useEffect, useState } from 'react';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';
import { fieldsFromQuery, formDraft, loadForm, type LoadedForm } from './forms.js';
import type SchemaFormFields from './SchemaFormFields.js';

export type FieldsComponent = typeof SchemaFormFields;
/**
 * The fields' code (rjsf and the widgets), fetched when the form is to be drawn — not while a guarded form waits for
 * a login. The server announces it with the page when the form is drawn at once (`onDemand` in blocks/index.ts).
 */
const loadFields = (): Promise<FieldsComponent> => import('./SchemaFormFields.js').then((module) => module.default);

export type Loaded = LoadedForm & { initial: Record<string, unknown>; Fields: FieldsComponent };

/**
 * The form's schema, its fields' code and its first values: the record `loadCall` answers for the route's
 * `loadQueryFields`, then a draft left in this tab. Loaded again on `retry`, after a login changes the token, and
 * when the route's values change; nothing is loaded while `wanted` is false (a guarded form without a login).
 */
export function useLoadedForm(props: SchemaFormProps, query: Record<string, string>, draftKey: string | null, wanted: boolean) {
  const client = useApiClient();
  const session = useSession();
  const [loaded, setLoaded] = useState<Loaded | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadQueryKey = JSON.stringify(fieldsFromQuery(props.loadQueryFields, query));

  useEffect(() => {
    // A guarded form loads nothing of its own until the login is there.
    if (!wanted) return;
    let live = true;
    setLoaded(null);
    (async () => {
      const [{ schema, validator }, Fields] = await Promise.all([loadForm(props.form), loadFields()]);
      let initial: Record<string, unknown> = {};
      const loadBody = fieldsFromQuery(props.loadQueryFields, query);
      // A console editor without the record's id in the address makes a new record: nothing to load.
      if (props.loadCall && (!props.loadQueryFields || Object.keys(loadBody).length > 0)) {
        const data = (await client.call(props.loadCall as ApiRouteName, { body: loadBody } as never)) as Record<string, unknown> | null;
        // Only the form's own fields, and no nulls: rjsf would show "null" in a text box.
        for (const key of Object.keys(schema.properties ?? {})) if (data?.[key] != null) initial[key] = data[key];
      }
      // The address's values the form sends (queryFields) also fill its own fields: a required hidden id is then valid.
      for (const [key, value] of Object.entries(fieldsFromQuery(props.queryFields, query)))
        if (schema.properties && key in schema.properties && initial[key] === undefined) initial[key] = value;
      // A draft the person left here earlier in this tab wins over loaded values.
      if (draftKey) initial = { ...initial, ...formDraft.read(draftKey) };
      if (live) setLoaded({ schema, validator, initial, Fields });
    })().catch(() => live && setLoaded('error'));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is read through loadQueryKey
  }, [client, props.form, props.loadCall, attempt, session.token, draftKey, loadQueryKey, wanted]);

  return { loaded, setLoaded, retry: () => setAttempt((n) => n + 1) };
}
