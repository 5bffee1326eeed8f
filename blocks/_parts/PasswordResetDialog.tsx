import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ActorRefFrom } from 'xstate';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { passwordResetActors, passwordResetMachine } from '../../machines/password-reset.js';
import type { smsCountdownMachine } from '../../machines/sms-countdown.js';
import { useModalDialog } from './modal-dialog.js';
import { SmsCodeButton } from './SmsCodeButton.js';
import './password-reset.css';
import './sms-button.css';

/**
 * The password reset dialog (spec §2, §4, §5): step 0 asks for the phone, the new password and the SMS code; the
 * success step says the password is changed. Runs the password-reset machine, whose embedded countdown drives the
 * code button. A native modal <dialog>: focus moves in, Esc closes, focus returns to the opener.
 */
function PasswordResetDialog({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const ids = useId();
  const machine = useMemo(() => {
    const notify = (_: unknown, n: { kind: 'success' | 'info' | 'warning' | 'error'; text: string }) => client.notifier.message(n.kind, n.text);
    return passwordResetMachine.provide({ actors: passwordResetActors(client, { notify }), actions: { notify } });
  }, [client]);
  const actor = useActorRef(machine, { input: {} });
  const step = useSelector(actor, (s) => String(s.value));
  const hint = useSelector(actor, (s) => s.context.passwordHint);
  const sms = useSelector(actor, (s) => s.children.sms) as ActorRefFrom<typeof smsCountdownMachine> | undefined;
  const [phone, setPhone] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [code, setCode] = useState('');
  const dialogRef = useModalDialog();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble along the component tree, portal or not: the login form around the opener must not submit.
    event.stopPropagation();
    actor.send({ type: 'SUBMIT', phone, newPassword, code });
  };

  return createPortal(
    <dialog ref={dialogRef} className="tm-dialog" aria-labelledby={`${ids}-title`} onClose={onClose} onCancel={onClose}>
      <h2 id={`${ids}-title`} className="tm-dialog__title">
        找回密码
      </h2>
      {step === 'success' ? (
        <div className="tm-dialog__body" role="status">
          <p className="tm-dialog__success">密码重置成功，请使用新密码登录。</p>
          <div className="tm-dialog__actions">
            <button type="button" className="tm-button" onClick={onClose} autoFocus>
              返回登录
            </button>
          </div>
        </div>
      ) : (
        <form className="tm-dialog__body" onSubmit={submit} noValidate aria-busy={step === 'submitting'}>
          <div className="tm-field">
            <label htmlFor={`${ids}-phone`}>手机号</label>
            <input
              id={`${ids}-phone`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder="请输入注册手机号"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              autoFocus
            />
          </div>
          <div className="tm-field">
            <label htmlFor={`${ids}-password`}>新密码</label>
            <input
              id={`${ids}-password`}
              type="password"
              autoComplete="new-password"
              placeholder="请输入新密码"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              aria-invalid={hint ? true : undefined}
              aria-describedby={`${ids}-hint`}
            />
            <p id={`${ids}-hint`} className={hint ? 'tm-dialog__hint tm-dialog__hint--error' : 'tm-dialog__hint'} role={hint ? 'alert' : undefined}>
              {hint ?? '8到20位，须包含大小写字母、数字和特殊字符'}
            </p>
          </div>
          <div className="tm-field">
            <label htmlFor={`${ids}-code`}>验证码</label>
            <div className="tm-sms-field">
              <input
                id={`${ids}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="请输入短信验证码"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              {sms ? <SmsCodeButton actor={sms} phone={() => phone} /> : null}
            </div>
          </div>
          <div className="tm-dialog__actions">
            <button type="button" className="tm-button tm-button--plain" onClick={onClose}>
              取消
            </button>
            <button type="submit" className="tm-button" disabled={step === 'submitting'}>
              {step === 'submitting' ? '正在提交…' : '确认重置'}
            </button>
          </div>
        </form>
      )}
    </dialog>,
    document.body,
  );
}

/** 忘记密码: a link-styled button that opens the reset dialog (and gives focus back when it closes). */
export function PasswordResetLink() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="tm-link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        忘记密码
      </button>
      {open ? (
        <PasswordResetDialog
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
