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
import { fieldsFromQuery, formDraft } from './forms.js';
import { FormReceipt } from './FormReceipt.js';
import { useTransferEntry } from '../_parts/TransferEntry.js';
import { useLoadedForm } from './use-loaded-form.js';
import './schema-form.css';

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
  // Which form the route names (我要转出 ?id=1, 我要转入 ?id=2): another one starts afresh, from its own draft if any,
  // never with what was typed into the one before.
  const queryValues = fieldsFromQuery(props.queryFields, query);
  const identity = Object.keys(queryValues).length > 0 ? JSON.stringify(queryValues) : '';
  const draftKey = props.draft ? formDraft.key(pathname, props.form, identity) : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => setAnswer(null), [identity]);
  const receiptRef = useRef<HTMLDivElement>(null);
  // A guarded form (the transfer intent) checks the login first; a cancelled prompt leaves the page.
  const guard = useTransferEntry({ onCancel: () => navigate(-1) });
  const guarded = props.requireLogin === true;
  useEffect(() => {
    if (guarded) guard.enter();
    // Once per page (and again after a login changes the token).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guarded, session.token]);
  const fieldsWanted = !guarded || guard.state === 'allowed';
  const { loaded, setLoaded, retry } = useLoadedForm(props, query, draftKey, fieldsWanted);
  // A new key after a successful create clears the form; an edit form keeps what was saved.
  const [formKey, setFormKey] = useState(0);

  // The receipt takes the focus so a screen reader announces the reference number at once.
  useEffect(() => {
    if (answer) receiptRef.current?.focus();
  }, [answer]);

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
  if (loaded === 'error') return <BlockStatus kind="error" onRetry={retry} />;

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
    return (
      <section className="tm-form-block" aria-labelledby={title ? headingId : undefined}>
        {title ? (
          <h1 id={headingId} className="tm-form-block__title">
            {title}
          </h1>
        ) : null}
        <FormReceipt receipt={props.receipt} answer={answer} receiptRef={receiptRef} onAgain={() => setAnswer(null)} />
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
        key={`${formKey}:${identity}`}
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
