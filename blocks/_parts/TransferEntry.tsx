import { useActorSelector } from '../../engine/react/useActorSelector.js';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERROR_TEXTS } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useFlags } from '../../engine/react/RegionProvider.js';
import { useLaterActor } from '../../engine/react/useLaterActor.js';
import { ModalDialog } from './modal-dialog.js';
import './password-reset.css';

/**
 * The transfer-out / transfer-in entry guard (spec §6) for React: `enter(to?)` runs the guard machine; its prompt
 * (请先登录账号? / 登录状态失效,请重新登录账号?) is a confirm dialog whose 确定 goes home or to /login by the region's
 * `homeShowLogin`. `onCancel` lets a page that was opened directly decide where a cancel leaves the person.
 *
 * The guard's machine comes with the first `enter` (most pages that draw the buttons are never pressed); until it
 * runs, the guard shows as `checking`.
 */
export function useTransferEntry({ onCancel }: { onCancel?: () => void } = {}) {
  const client = useApiClient();
  const flags = useFlags();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const load = useCallback(
    () =>
      import('../../machines/transfer-entry.js').then(({ transferEntryActors, transferEntryMachine }) =>
        transferEntryMachine.provide({ actors: transferEntryActors(client), actions: { navigate: (_, route) => navigateRef.current(route) } }),
      ),
    [client],
  );
  const [entered, setEntered] = useState(false);
  const { actor, send } = useLaterActor(load, {
    input: { homeShowLogin: flags.homeShowLogin === true },
    start: 'onDemand',
    onFailure: () => {
      setEntered(false);
      client.notifier.message('error', ERROR_TEXTS.networkError);
    },
  });
  const state = useActorSelector(actor ?? undefined, (s) => (s ? String(s.value) : undefined)) ?? (entered ? 'checking' : 'idle');
  const prompt = useActorSelector(actor ?? undefined, (s) => s?.context.prompt ?? null);
  const enter = (to?: string) => {
    setEntered(true);
    send({ type: 'ENTER', hasToken: client.session.getSnapshot().token !== null, ...(to ? { to } : {}) });
  };
  const dialog = prompt ? (
    <ConfirmDialog
      text={prompt}
      onConfirm={() => send({ type: 'CONFIRM' })}
      onCancel={() => {
        send({ type: 'CANCEL' });
        onCancel?.();
      }}
    />
  ) : null;
  return { enter, state, dialog };
}

/** A modal confirm with 确定 and 取消 (native <dialog>: focus trapped, Esc cancels). */
export function ConfirmDialog({ text, onConfirm, onCancel, children }: { text: string; onConfirm: () => void; onCancel: () => void; children?: ReactNode }) {
  const id = useId();
  return (
    <ModalDialog title="提示" className="tm-dialog--confirm" role="alertdialog" describedBy={`${id}-text`} onCancel={onCancel}>
      <div className="tm-dialog__body">
        <p id={`${id}-text`} className="tm-dialog__text">
          {text}
        </p>
        {children}
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button tm-button--plain" onClick={onCancel}>
            取消
          </button>
          <button type="button" className="tm-button" onClick={onConfirm} autoFocus>
            确定
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
