import { useState } from 'react';
import type { useRegistration } from './useRegistration.js';

type Registration = ReturnType<typeof useRegistration>;

/**
 * What pressing the registration button does: sends the button's event, except that with affirmMoney (spec §3, §4)
 * and a deposit to pay, the deposit is confirmed in a dialog (`affirming`) before the registration is sent.
 */
export function useRegistrationPress({ registration, button }: Registration, affirmDeposit: boolean) {
  const [affirming, setAffirming] = useState(false);
  const press = () => {
    if (!button?.event) return;
    if (button.event === 'REGISTER' && affirmDeposit) setAffirming(true);
    else registration.send({ type: button.event });
  };
  const confirm = () => {
    setAffirming(false);
    registration.send({ type: 'REGISTER' });
  };
  return { affirming, press, confirm, cancel: () => setAffirming(false) };
}
