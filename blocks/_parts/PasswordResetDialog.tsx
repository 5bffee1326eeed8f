import Button from '@douyinfe/semi-ui/lib/es/button';
import type { UiSchema, WidgetProps } from '@rjsf/utils';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { waitFor, type ActorRefFrom } from 'xstate';
import { formRootSchema, precompiledFormValidator } from '../../engine/forms/validation.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { SchemaForm } from '../../engine/react/forms/SchemaForm.js';
import { passwordResetActors, passwordResetMachine } from '../../machines/password-reset.js';
import type { smsCountdownMachine } from '../../machines/sms-countdown.js';
import resetSchema from '../../schemas/forms/password-reset.schema.json';
import resetValidators from '../../schemas/forms/validators/password-reset.js';
import { SmsCodeField } from '../schema-form/SmsCodeWidget.js';
import { useModalDialog } from './modal-dialog.js';
import './password-reset.css';

const schema = formRootSchema(resetSchema);
const validator = precompiledFormValidator(resetValidators, schema);
const HINT = '8到20位，须包含大小写字母、数字和特殊字符';
const ui: UiSchema = {
  'ui:order': ['phone', 'newPassword', 'code'],
  phone: { 'ui:autofocus': true, 'ui:placeholder': '请输入注册手机号', 'ui:options': { inputType: 'tel', autocomplete: 'tel', inputMode: 'numeric' } },
  newPassword: { 'ui:widget': 'password', 'ui:placeholder': '请输入新密码', 'ui:help': HINT, 'ui:options': { autocomplete: 'new-password' } },
  code: { 'ui:widget': 'smsCode', 'ui:placeholder': '请输入短信验证码', 'ui:options': { phoneField: 'phone' } },
};

interface ResetData extends Record<string, unknown> {
  phone: string;
  newPassword: string;
  code: string;
}

/**
 * The password reset dialog (spec §2, §4, §5), a schema form (schemas/forms/password-reset.schema.json) whose
 * submit runs the password-reset machine: the schema gives the spec's messages by each field before any call; the
 * machine sends the reset with the uuid of the code its own countdown sent (the code button), says a refusal once,
 * and ends in the success step. A native modal <dialog>: focus moves in, Esc closes, focus returns to the opener.
 * Its own chunk, loaded when 忘记密码 is pressed, so the login box's first view carries no form library.
 */
export default function PasswordResetDialog({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const ids = useId();
  const machine = useMemo(() => {
    const notify = (_: unknown, n: { kind: 'success' | 'info' | 'warning' | 'error'; text: string }) => client.notifier.message(n.kind, n.text);
    return passwordResetMachine.provide({ actors: passwordResetActors(client, { notify }), actions: { notify } });
  }, [client]);
  const actor = useActorRef(machine, { input: {} });
  const step = useSelector(actor, (s) => String(s.value));
  const sms = useSelector(actor, (s) => s.children.sms) as ActorRefFrom<typeof smsCountdownMachine> | undefined;
  const widgets = useMemo(
    () => ({ smsCode: (props: WidgetProps) => (sms ? <SmsCodeField widget={props} countdown={{ actor: sms, send: (event) => sms.send(event) }} /> : null) }),
    [sms],
  );
  const dialogRef = useModalDialog();

  // The form waits for the machine to leave `submitting`: success ends the dialog's form, a refusal (already said
  // by the machine) keeps what was typed.
  const submit = async (data: ResetData): Promise<void> => {
    actor.send({ type: 'SUBMIT', phone: data.phone, newPassword: data.newPassword, code: data.code });
    await waitFor(actor, (s) => !s.matches('submitting'), { timeout: Infinity });
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
        // React events bubble along the component tree, portal or not: the login form around the opener must not submit.
        <div className="tm-dialog__body" onSubmit={(e) => e.stopPropagation()}>
          <SchemaForm<ResetData>
            idPrefix={`${ids}-reset`}
            schema={schema}
            validator={validator}
            uiSchema={ui}
            widgets={widgets}
            submitText="确认重置"
            onSubmit={submit}
            actions={
              <Button htmlType="button" size="large" onClick={onClose}>
                取消
              </Button>
            }
          />
        </div>
      )}
    </dialog>,
    document.body,
  );
}
