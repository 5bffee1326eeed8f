import { useActorRef } from '@xstate/react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useMemo } from 'react';
import { smsCountdownActors, smsCountdownMachine } from '../../machines/sms-countdown.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { SmsCodeButton } from '../shared/SmsCodeButton.js';
import '../shared/sms-button.css';

/**
 * `ui:widget: smsCode`: the code input with its 获取验证码 button. The phone it sends to is the form's field named by
 * `ui:options.phoneField` (default `phone`), read when the button is pressed.
 */
export function SmsCodeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, required, disabled, readonly, placeholder, options, rawErrors, registry } = props;
  const client = useApiClient();
  const machine = useMemo(
    () => smsCountdownMachine.provide({ actors: smsCountdownActors(client), actions: { notify: (_, n) => client.notifier.message(n.kind, n.text) } }),
    [client],
  );
  const actor = useActorRef(machine, { input: {} });
  const phoneField = (options.phoneField as string | undefined) ?? 'phone';
  const formData = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const invalid = Boolean(rawErrors?.length);
  return (
    <div className="tm-sms-field">
      <Input
        id={id}
        name={id}
        value={value ?? ''}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={placeholder || undefined}
        disabled={disabled || readonly}
        validateStatus={invalid ? 'error' : 'default'}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(text: string) => onChange(text === '' ? options.emptyValue : text)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <SmsCodeButton actor={actor} phone={() => String(formData?.[phoneField] ?? '')} />
    </div>
  );
}
