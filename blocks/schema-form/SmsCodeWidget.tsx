import { useActorRef } from '@xstate/react';
import type { WidgetProps } from '@rjsf/utils';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useMemo } from 'react';
import { smsCountdownActors, smsCountdownMachine } from '../../machines/sms-countdown.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { semiControlProps } from '../../engine/react/forms/semi-theme.js';
import { SmsCodeButton } from '../_parts/SmsCodeButton.js';
import '../_parts/sms-button.css';

/**
 * `ui:widget: smsCode`: the code input with its 获取验证码 button. The phone it sends to is the form's field named by
 * `ui:options.phoneField` (default `phone`), read when the button is pressed.
 */
export function SmsCodeWidget(props: WidgetProps) {
  const { options, registry } = props;
  const client = useApiClient();
  const machine = useMemo(
    () => smsCountdownMachine.provide({ actors: smsCountdownActors(client), actions: { notify: (_, n) => client.notifier.message(n.kind, n.text) } }),
    [client],
  );
  const actor = useActorRef(machine, { input: {} });
  const phoneField = (options.phoneField as string | undefined) ?? 'phone';
  const formData = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  return (
    <div className="tm-sms-field">
      <Input {...semiControlProps(props)} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      <SmsCodeButton actor={actor} phone={() => String(formData?.[phoneField] ?? '')} />
    </div>
  );
}
