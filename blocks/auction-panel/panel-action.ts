import type { RegistrationButton } from '../../machines/registration.js';

/** The auction panel's variants (spec §2): free bidding, real-time only, plain; `signup` is registration alone. */
export type PanelMode = 'bidding' | 'live' | 'static' | 'signup';

/** Said where bids are not taken on the portal (the live, plain and sign-up variants). */
export const ONSITE_BIDDING_NOTE = '本项目不在网上出价，请按公告到现场参与竞价。';

/**
 * What the panel offers for the registration button of {@link registrationButtonFor} in a variant:
 * - `button`: a button with the §4 label (enabled or not);
 * - `bid-form`: the bid form, whose submit button carries the label (立即竞价) — only where bids are taken online;
 * - an approved bidder elsewhere still sees 立即竞价 (§4, state 1 in status 6): a button that says where to bid
 *   (`note`), since this portal takes no bid for the project.
 * Null: nothing to offer (a status other than 4 and 6).
 *
 * @example panelAction('static', { label: '立即竞价', enabled: true, event: 'BID' })
 * // → { control: 'button', label: '立即竞价', enabled: true, note: ONSITE_BIDDING_NOTE }
 */
export function panelAction(
  mode: PanelMode,
  button: RegistrationButton | null,
): { control: 'button' | 'bid-form'; label: string; enabled: boolean; note?: string } | null {
  if (!button) return null;
  if (button.event === 'BID') {
    return mode === 'bidding'
      ? { control: 'bid-form', label: button.label, enabled: button.enabled }
      : { control: 'button', label: button.label, enabled: button.enabled, note: ONSITE_BIDDING_NOTE };
  }
  return { control: 'button', label: button.label, enabled: button.enabled };
}
