import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { smsCountdownMachine } from '../../machines/sms-countdown.js';

type SmsActor = ActorRefFrom<typeof smsCountdownMachine>;

/**
 * The 获取验证码 button over an SMS countdown actor (spec §4, §9): it sends, then counts down 60 s disabled, and
 * comes back at once when a send fails. The countdown is announced politely, once a second would be noise, so only
 * the start is live.
 */
export function SmsCodeButton({ actor, phone, id }: { actor: SmsActor; phone: () => string; id?: string }) {
  const state = useSelector(actor, (s) => String(s.value));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const label = state === 'sending' ? '正在发送…' : state === 'counting' ? `${secondsLeft}秒后重新获取` : '获取验证码';
  return (
    <button
      id={id}
      type="button"
      className="tm-sms-button"
      disabled={state !== 'idle'}
      aria-live="off"
      onClick={() => actor.send({ type: 'SEND', phone: phone() })}
    >
      {label}
    </button>
  );
}
