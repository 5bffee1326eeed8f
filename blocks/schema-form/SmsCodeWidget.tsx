import type { WidgetProps } from '@rjsf/utils';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useCallback } from 'react';
import { ERROR_TEXTS } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { semiControlProps } from '../../engine/react/forms/semi-theme.js';
import { useLaterActor } from '../../engine/react/useLaterActor.js';
import { SmsCodeButton, type SmsCountdown } from '../_parts/SmsCodeButton.js';
import '../_parts/sms-button.css';

/**
 * The code input with its 获取验证码 button over a given countdown actor (the password reset machine owns one, so
 * the uuid of the code it sent goes with the reset). The phone is the form's field named by `ui:options.phoneField`
 * (default `phone`), read when the button is pressed.
 */
export function SmsCodeField({ widget, countdown }: { widget: WidgetProps; countdown: SmsCountdown }) {
  const phoneField = (widget.options.phoneField as string | undefined) ?? 'phone';
  const formData = (widget.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  return (
    <div className="tm-sms-field">
      <Input {...semiControlProps(widget)} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      <SmsCodeButton countdown={countdown} phone={() => String(formData?.[phoneField] ?? '')} />
    </div>
  );
}

/**
 * `ui:widget: smsCode`: {@link SmsCodeField} with a countdown of its own (the registration form). Its machine comes
 * once the form stands (the button is drawn idle until then), or at once when 获取验证码 is pressed before.
 */
export function SmsCodeWidget(props: WidgetProps) {
  const client = useApiClient();
  const load = useCallback(
    () =>
      import('../../machines/sms-countdown.js').then(({ smsCountdownActors, smsCountdownMachine }) =>
        smsCountdownMachine.provide({ actors: smsCountdownActors(client), actions: { notify: (_, n) => client.notifier.message(n.kind, n.text) } }),
      ),
    [client],
  );
  const countdown = useLaterActor(load, { input: {}, start: 'afterFirstView', onFailure: () => client.notifier.message('error', ERROR_TEXTS.networkError) });
  return <SmsCodeField widget={props} countdown={countdown} />;
}
