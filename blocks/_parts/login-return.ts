/**
 * Where a login sends the visitor back to: the page that asked for it, carried in the router's location state (not
 * the address, so it never shows in a shared link). Only a route of this portal is honoured — a path starting with
 * one `/` — never an outside address.
 */
export interface LoginReturnState {
  returnTo: string;
}

/** The state to navigate to the login with, from the page being left (`pathname` + `search`). */
export function loginReturnState(location: { pathname: string; search: string }): LoginReturnState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/** The route to go back to after a login, or null: none given, not a route of this portal, or the login page itself. */
export function loginReturnOf(state: unknown, loginRoutes: readonly string[] = []): string | null {
  const returnTo = (state as Partial<LoginReturnState> | null)?.returnTo;
  if (typeof returnTo !== 'string' || !/^\/(?![/\\])/.test(returnTo)) return null;
  const path = returnTo.split('?')[0];
  return loginRoutes.includes(path) ? null : returnTo;
}
