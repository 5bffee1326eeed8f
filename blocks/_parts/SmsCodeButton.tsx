import { useActorSelector } from '../../engine/react/useActorSelector.js';
import type { ActorRefFrom } from 'xstate';
import type { SmsCountdownEvent, smsCountdownMachine } from '../../machines/sms-countdown.js';

type SmsActor = ActorRefFrom<typeof smsCountdownMachine>;

/** A countdown to draw: its actor once it runs (null before: drawn idle), and how to send to it. */
export interface SmsCountdown {
  actor: SmsActor | null;
  send(event: SmsCountdownEvent): void;
}

/**
 * The 获取验证码 button over an SMS countdown actor (spec §4, §9): it sends, then counts down 60 s disabled, and
 * comes back at once when a send fails. The countdown is announced politely, once a second would be noise, so only
 * the start is live.
 */
export function SmsCodeButton({ countdown: { actor, send }, phone, id }: { countdown: SmsCountdown; phone: () => string; id?: string }) {
  const state = useActorSelector(actor ?? undefined, (s) => (s ? String(s.value) : 'idle'));
  const secondsLeft = useActorSelector(actor ?? undefined, (s) => s?.context.secondsLeft ?? 0);
  const label = state === 'sending' ? '正在发送…' : state === 'counting' ? `${secondsLeft}秒后重新获取` : '获取验证码';
  return (
    <button id={id} type="button" className="tm-sms-button" disabled={state !== 'idle'} aria-live="off" onClick={() => send({ type: 'SEND', phone: phone() })}>
      {label}
    </button>
  );
}
