import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ONSITE_BIDDING_NOTE, panelAction, type PanelMode } from '../../../blocks/auction-panel/panel-action.js';
import { evaluateCondition } from '../../../engine/region/index.js';
import { loadRegionCatalog } from '../../../engine/region-files/index.js';
import { REGISTRATION_STATES, registrationButton, registrationButtonFor, registrationMachine, type RegistrationState } from '../../../machines/registration.js';
import type { Region } from '../../../schemas/types/region.js';

// Spec §4's label table for the detail screen, written out here rather than read from the code under test:
// status 4 — 0 立即报名, 1 报名成功, 2 已报名，待审核 (3, a refused registration: 报名未通过);
// status 6 — 1 立即竞价, anything else 未报名.
const SPEC_LABELS: Record<4 | 6, Record<RegistrationState, string>> = {
  4: { 0: '立即报名', 1: '报名成功', 2: '已报名，待审核', 3: '报名未通过' },
  6: { 0: '未报名', 1: '立即竞价', 2: '未报名', 3: '未报名' },
};
// Only these two offer a click: register while sign-up is open, bid when approved in bidding.
const ENABLED = (status: 4 | 6, state: RegistrationState) => (status === 4 ? state === 0 : state === 1);

const catalog = loadRegionCatalog(path.resolve('regions'));
const chunan = catalog.regions.find((r) => r.id === 'chunan')!;

/** The auction panels a detail page of the real YAML draws for a region with these flags (their `when` evaluated). */
function panelModes(region: Region, pageId: string, flags: Region['flags']): PanelMode[] {
  const page = region.pages[pageId];
  const context = { flags: flags ?? {}, region: region as unknown as Record<string, unknown>, query: {}, session: { loggedIn: true } };
  return (page.blocks ?? [])
    .filter((b) => b.type === 'auction-panel' && (!b.when || evaluateCondition(b.when, context as never)))
    .map((b) => (b.props as { mode: PanelMode }).mode);
}

const FLAG_SETS = [
  { freeBidding: false, startWebSocket: false, mode: 'static' },
  { freeBidding: false, startWebSocket: true, mode: 'live' },
  { freeBidding: true, startWebSocket: false, mode: 'bidding' },
  { freeBidding: true, startWebSocket: true, mode: 'bidding' },
] as const;
const STATES: RegistrationState[] = [0, 1, 2, 3];
const STATUSES = [4, 6] as const;

const rows = FLAG_SETS.flatMap((flags) => STATUSES.flatMap((status) => STATES.map((state) => ({ ...flags, status, state }))));

describe('spec §4 registration labels × region flags (freeBidding, startWebSocket)', () => {
  it('covers every combination: 4 flag sets × 2 statuses × 4 registration states', () => {
    expect(rows).toHaveLength(32);
  });

  it.each(FLAG_SETS)(
    'freeBidding $freeBidding, startWebSocket $startWebSocket: every project detail page draws one $mode panel',
    ({ freeBidding, startWebSocket, mode }) => {
      const flags = { ...chunan.flags, freeBidding, startWebSocket };
      for (const pageId of ['tradingProjectDetail', 'bidDetail', 'demandDetail']) {
        expect(panelModes(chunan, pageId, flags), pageId).toEqual([mode]);
      }
      // Tenders are not auctioned: registration alone, whatever the flags.
      expect(panelModes(chunan, 'tradingProjectDetail1', flags)).toEqual(['signup']);
    },
  );

  it.each(rows)(
    'freeBidding $freeBidding, startWebSocket $startWebSocket, status $status, registration $state',
    ({ freeBidding, startWebSocket, status, state }) => {
      const [mode] = panelModes(chunan, 'bidDetail', { ...chunan.flags, freeBidding, startWebSocket });
      const label = SPEC_LABELS[status][state];

      // The pure rule.
      const button = registrationButtonFor(status, REGISTRATION_STATES[state]);
      expect(button?.label).toBe(label);
      expect(button?.enabled).toBe(ENABLED(status, state));

      // The machine the panel runs gives the same button for a logged-in user with that stored registration.
      const actor = createActor(registrationMachine, { input: { status, loggedIn: true, registrationState: state } }).start();
      expect(registrationButton(actor.getSnapshot())).toEqual(button);
      actor.stop();

      // What the panel draws in that region: the label is §4's everywhere; only free bidding turns 立即竞价 into the bid
      // form, elsewhere an approved bidder's 立即竞价 button says where to bid.
      const action = panelAction(mode, button);
      expect(action?.label).toBe(label);
      const bidNow = status === 6 && state === 1;
      expect(action?.control).toBe(bidNow && mode === 'bidding' ? 'bid-form' : 'button');
      expect(action?.note).toBe(bidNow && mode !== 'bidding' ? ONSITE_BIDDING_NOTE : undefined);
    },
  );

  it('offers nothing outside sign-up and bidding, and asks a visitor to log in during both', () => {
    for (const status of [2, 3, 5, 7, 8, 9, 10, 11]) expect(registrationButtonFor(status, 'approved')).toBeNull();
    for (const status of STATUSES) expect(registrationButtonFor(status, 'anonymous')).toEqual({ label: '请先登录', enabled: true, event: 'LOGIN' });
  });
});
