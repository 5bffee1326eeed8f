import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useFlags } from '../../engine/react/RegionProvider.js';
import { registrationButton, registrationMachine, type RegistrationState } from '../../machines/registration.js';
import { depositText } from '../_parts/deposit.js';
import { loginReturnState } from '../_parts/login-return.js';

/**
 * The visitor's registration for the project, as the registration machine keeps it: told the project's status and
 * the login, asking the server for the stored registration, and deciding the §4 button. `openBidding` is what
 * 立即竞价 does on this panel; a visitor without a login is sent to log in and brought back.
 */
export function useRegistration({
  projectId,
  status,
  loginRoute,
  openBidding,
}: {
  projectId: number;
  status: number;
  loginRoute: string;
  openBidding: () => void;
}) {
  const client = useApiClient();
  const session = useSession();
  // The signed-in bidder's deposit as the centre marked it (保证金), read with the registration.
  const [deposit, setDeposit] = useState<string | null>(null);
  const flags = useFlags();
  const navigate = useNavigate();
  const location = useLocation();
  const registration = useActorRef(
    registrationMachine.provide({
      actors: {
        register: fromPromise(async () => {
          const r = await client.call('auctionRegister', { body: { projectId } });
          return { state: r.state === 1 ? 1 : 2 } as const;
        }),
      },
      actions: {
        openBidding,
        requestLogin: () => navigate(flags.homeShowLogin ? '/' : loginRoute, { state: loginReturnState(location) }),
        notify: (_, n) => client.notifier.message(n.kind, n.text),
      },
    }),
    { input: { status, loggedIn: false } },
  );
  useEffect(() => registration.send({ type: 'STATUS', status }), [registration, status]);
  useEffect(() => {
    if (!session.token) {
      registration.send({ type: 'LOGGED_OUT' });
      return;
    }
    let alive = true;
    client.call('auctionRegistration', { body: { projectId } }).then(
      (r) => {
        if (!alive) return;
        setDeposit(r.state ? depositText(r) : null);
        registration.send({ type: 'LOGGED_IN', registrationState: (r.state ?? 0) as RegistrationState });
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [client, registration, session.token, projectId]);
  const button = useSelector(registration, registrationButton);
  return { registration, button, deposit: session.token ? deposit : null };
}
