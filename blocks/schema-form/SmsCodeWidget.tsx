import { useActorRef } from '@xstate/react';
import type { WidgetProps } from '@rjsf/utils';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { smsCountdownActors, smsCountdownMachine } from '../../machines/sms-countdown.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { semiControlProps } from '../../engine/react/forms/semi-theme.js';
import { SmsCodeButton } from '../_parts/SmsCodeButton.js';
import '../_parts/sms-button.css';

/**
 * The code input with its 获取验证码 button over a given countdown actor (the password reset machine owns one, so
 * the uuid of the code it sent goes with the reset). The phone is the form's field named by `ui:options.phoneField`
 * (default `phone`), read when the button is pressed.
 */
export function SmsCodeField({ widget, actor }: { widget: WidgetProps; actor: ActorRefFrom<typeof smsCountdownMachine> }) {
  const phoneField = (widget.options.phoneField as string | undefined) ?? 'phone';
  const formData = (widget.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  return (
    <div className="tm-sms-field">
      <Input {...semiControlProps(widget)} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      <SmsCodeButton actor={actor} phone={() => String(formData?.[phoneField] ?? '')} />
    </div>
  );
}

/** `ui:widget: smsCode`: {@link SmsCodeField} with a countdown of its own (the registration form). */
export function SmsCodeWidget(props: WidgetProps) {
  const client = useApiClient();
  const machine = useMemo(
    () => smsCountdownMachine.provide({ actors: smsCountdownActors(client), actions: { notify: (_, n) => client.notifier.message(n.kind, n.text) } }),
    [client],
  );
  const actor = useActorRef(machine, { input: {} });
  return <SmsCodeField widget={props} actor={actor} />;
}
