import type { UiSchema } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { useSessionActor } from '../../engine/react/SessionProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';
import { fieldsFromQuery, formDraft, loadForm, type LoadedForm } from './forms.js';
import { useTransferEntry } from '../_parts/TransferEntry.js';
import type SchemaFormFields from './SchemaFormFields.js';
import './schema-form.css';

type FieldsComponent = typeof SchemaFormFields;
/**
 * The fields' code (rjsf and the widgets), fetched when the form is to be drawn — not while a guarded form waits for
 * a login. The server announces it with the page when the form is drawn at once (`onDemand` in blocks/index.ts).
 */
const loadFields = (): Promise<FieldsComponent> => import('./SchemaFormFields.js').then((module) => module.default);

type Loaded = LoadedForm & { initial: Record<string, unknown>; Fields: FieldsComponent };

/** What the call answered, for the receipt (e.g. `{ refNo: 'TS20261124000017' }`). */
type Answer = Record<string, unknown>;

/**
 * A page form from JSON Schema posting to one call (registration, the transfer intent, the user's info, the
 * password change). What it posts, where it goes after, and which fields come from the route are region YAML.
 */
export default function SchemaFormBlock({ props, blockId }: BlockComponentProps<SchemaFormProps>) {
  const client = useApiClient();
  const session = useSession();
  const sessionActor = useSessionActor();
  const navigate = useNavigate();
  const query = useRouteQuery();
  const { pathname } = useLocation();
  const draftKey = props.draft ? formDraft.key(pathname, props.form) : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const receiptRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | 'error' | null>(null);
  const loadQueryKey = JSON.stringify(fieldsFromQuery(props.loadQueryFields, query));
  // A guarded form (the transfer intent) checks the login first; a cancelled prompt leaves the page.
  const guard = useTransferEntry({ onCancel: () => navigate(-1) });
  const guarded = props.requireLogin === true;
  useEffect(() => {
    if (guarded) guard.enter();
    // Once per page (and again after a login changes the token).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guarded, session.token]);
  const [attempt, setAttempt] = useState(0);
  const fieldsWanted = !guarded || guard.state === 'allowed';
  // A new key after a successful create clears the form; an edit form keeps what was saved.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    // A guarded form loads nothing of its own until the login is there.
    if (!fieldsWanted) return;
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
      // A draft the person left here earlier in this tab wins over loaded values.
      if (draftKey) initial = { ...initial, ...formDraft.read(draftKey) };
      if (live) setLoaded({ schema, validator, initial, Fields });
    })().catch(() => live && setLoaded('error'));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is read through loadQueryKey
  }, [client, props.form, props.loadCall, attempt, session.token, draftKey, loadQueryKey, fieldsWanted]);

  // The receipt takes the focus so a screen reader announces the reference number at once.
  useEffect(() => {
    if (answer) receiptRef.current?.focus();
  }, [answer]);

  const queryValues = fieldsFromQuery(props.queryFields, query);
  const firstParam = Object.values(props.queryFields ?? {})[0];
  const title = (firstParam && props.titles?.[query[firstParam] ?? '']) || props.title;

  if (guarded && guard.state !== 'allowed') {
    return (
      <>
        {guard.state === 'checking' ? <BlockStatus kind="loading" /> : <p className="tm-form-block__locked">{props.lockedText ?? '请先登录后再提交意向。'}</p>}
        {guard.dialog}
      </>
    );
  }
  if (loaded === null) return <BlockStatus kind="loading" />;
  if (loaded === 'error') return <BlockStatus kind="error" onRetry={() => setAttempt((n) => n + 1)} />;

  const submit = async (data: Record<string, unknown>): Promise<string | void> => {
    try {
      const envelope = await client.request(props.call as ApiRouteName, { body: { ...data, ...queryValues } } as never);
      if (envelope.code !== 200) return envelope.msg || '提交失败';
      if (draftKey) formDraft.clear(draftKey);
      if (props.receipt) setAnswer((envelope.data ?? {}) as Answer);
    } catch (e) {
      // The client has shown the catalogue's message already; say it by the form too, and keep the data.
      return isApiError(e) ? e.message : '提交失败，请稍后重试';
    }
    client.notifier.message('success', props.successMessage ?? '提交成功');
    if (props.recheckSession) sessionActor.send({ type: 'CHECK' });
    if (props.successRoute) navigate(props.successRoute);
    else if (!props.loadCall) {
      if (draftKey) setLoaded((l) => (l && l !== 'error' ? { ...l, initial: {} } : l));
      setFormKey((k) => k + 1);
    }
  };

  const headingId = `${blockId}-title`;
  if (answer && props.receipt) {
    const r = props.receipt;
    const reference = answer[r.field];
    return (
      <section className="tm-form-block" aria-labelledby={title ? headingId : undefined}>
        {title ? (
          <h1 id={headingId} className="tm-form-block__title">
            {title}
          </h1>
        ) : null}
        <div className="tm-form-receipt" role="status" tabIndex={-1} ref={receiptRef}>
          <p className="tm-form-receipt__title">{r.title ?? '提交成功'}</p>
          {reference !== undefined && reference !== null && reference !== '' ? (
            <p className="tm-form-receipt__ref">
              {r.label ?? '受理编号'}：<strong>{String(reference)}</strong>
            </p>
          ) : null}
          {r.note ? <p className="tm-form-receipt__note">{r.note}</p> : null}
        </div>
        <p className="tm-form-block__links">
          <button type="button" className="tm-button" onClick={() => setAnswer(null)}>
            {r.againText ?? '继续提交'}
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="tm-form-block" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h1 id={headingId} className="tm-form-block__title">
          {title}
        </h1>
      ) : null}
      {props.intro ? <p className="tm-form-block__intro">{props.intro}</p> : null}
      <loaded.Fields
        key={formKey}
        idPrefix={blockId}
        schema={loaded.schema}
        validator={loaded.validator}
        uiSchema={props.ui as UiSchema | undefined}
        initialData={loaded.initial}
        submitText={props.submitText ?? '提交'}
        sameAs={props.sameAs}
        onChange={draftKey ? (data) => formDraft.write(draftKey, data as Record<string, unknown>) : undefined}
        onSubmit={submit}
      />
      {props.links?.length ? (
        <p className="tm-form-block__links">
          {props.links.map((l) => (
            <Link key={l.route} to={l.route}>
              {l.text}
            </Link>
          ))}
        </p>
      ) : null}
    </section>
  );
}
