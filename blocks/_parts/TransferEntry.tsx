import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useFlags } from '../../engine/react/RegionProvider.js';
import { transferEntryActors, transferEntryMachine } from '../../machines/transfer-entry.js';
import { ModalDialog } from './modal-dialog.js';
import './password-reset.css';

/**
 * The transfer-out / transfer-in entry guard (spec §6) for React: `enter(to?)` runs the guard machine; its prompt
 * (请先登录账号? / 登录状态失效,请重新登录账号?) is a confirm dialog whose 确定 goes home or to /login by the region's
 * `homeShowLogin`. `onCancel` lets a page that was opened directly decide where a cancel leaves the person.
 */
export function useTransferEntry({ onCancel }: { onCancel?: () => void } = {}) {
  const client = useApiClient();
  const flags = useFlags();
  const navigate = useNavigate();
  const machine = useMemo(
    () => transferEntryMachine.provide({ actors: transferEntryActors(client), actions: { navigate: (_, route) => navigate(route) } }),
    [client, navigate],
  );
  const actor = useActorRef(machine, { input: { homeShowLogin: flags.homeShowLogin === true } });
  const state = useSelector(actor, (s) => String(s.value));
  const prompt = useSelector(actor, (s) => s.context.prompt);
  const enter = (to?: string) => actor.send({ type: 'ENTER', hasToken: client.session.getSnapshot().token !== null, ...(to ? { to } : {}) });
  const dialog = prompt ? (
    <ConfirmDialog
      text={prompt}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onCancel={() => {
        actor.send({ type: 'CANCEL' });
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
