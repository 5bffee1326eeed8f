/**
 * The bid rules as one table of cases, asserted on both sides: the panel's `bidVerdict`/`bidProblem`
 * (tests/machines/auction-view.test.ts) and the server's bid statement over a real database
 * (tests/server/auction-bid-cases.test.ts). Each side keeps its own words (the panel shows ¥1,000.00, the server
 * ¥1,000, as the contract has them); the verdict, the rule broken, is the same word on both.
 */
import type { BidVerdict } from '../auction-view.js';

/** The rules only the server can judge (the panel leaves them to it): the statement's other refusals. */
export type ServerOnlyVerdict = 'tender' | 'ended' | 'notStarted' | 'noStopTime' | 'pending' | 'notQualified' | 'noIncrement';

export interface BidCase {
  name: string;
  /** The auction both sides see, in yuan. */
  auction: {
    price: number;
    increment: number;
    currentPrice: number | null;
    /** 2 (default) a transfer, 1 a tender. */
    type?: 1 | 2;
    /** Where the database clock stands (default `open`); `noStop`: in bidding with no end set. */
    window?: 'open' | 'notYet' | 'over' | 'noStop';
    /** The bidder's registration (default `approved`). */
    registration?: 'approved' | 'pending' | 'none';
  };
  amount: number;
  /** The rule broken, null when the bid is accepted. */
  verdict: BidVerdict | ServerOnlyVerdict | null;
  /** What the panel says before sending; null when it sends (then the server's answer is what the bidder sees). */
  client: string | null;
  /** The server's answer. */
  server: { status: number; msg: string };
}

const ACCEPTED = { status: 200, msg: '出价成功' };
const base = { price: 1000, increment: 100, currentPrice: null };
const after = { price: 1000, increment: 100, currentPrice: 1000 };

export const BID_CASES: BidCase[] = [
  { name: 'first bid at the start price', auction: base, amount: 1000, verdict: null, client: null, server: ACCEPTED },
  { name: 'first bid above the start on the grid', auction: base, amount: 1300, verdict: null, client: null, server: ACCEPTED },
  {
    name: 'first bid below the start price',
    auction: base,
    amount: 900,
    verdict: 'belowStart',
    client: '出价不能低于起始价（¥1,000.00）',
    server: { status: 409, msg: '出价不能低于起始价（¥1,000）' },
  },
  {
    name: 'first bid off the increment grid',
    auction: base,
    amount: 1050,
    verdict: 'notMultiple',
    client: '出价须为加价幅度（¥100.00）的整数倍',
    server: { status: 409, msg: '出价须为加价幅度的整数倍（起始价¥1,000，加价幅度¥100）' },
  },
  {
    name: 'the current price again',
    auction: after,
    amount: 1000,
    verdict: 'belowNext',
    client: '出价不能低于当前价加加价幅度（¥1,100.00）',
    server: { status: 409, msg: '出价不能低于当前价加加价幅度（¥1,100）' },
  },
  {
    name: 'above the current price but off the grid',
    auction: after,
    amount: 1150,
    verdict: 'notMultiple',
    client: '出价须为加价幅度（¥100.00）的整数倍',
    server: { status: 409, msg: '出价须为加价幅度的整数倍（起始价¥1,000，加价幅度¥100）' },
  },
  { name: 'current price plus one increment', auction: after, amount: 1100, verdict: null, client: null, server: ACCEPTED },
  { name: 'a jump of several increments', auction: after, amount: 1500, verdict: null, client: null, server: ACCEPTED },
  {
    name: 'cents stay exact',
    auction: { price: 0.1, increment: 0.2, currentPrice: 0.1 },
    amount: 0.3,
    verdict: null,
    client: null,
    server: ACCEPTED,
  },
  {
    name: 'cents off the grid',
    auction: { price: 0.1, increment: 0.2, currentPrice: 0.1 },
    amount: 0.4,
    verdict: 'notMultiple',
    client: '出价须为加价幅度（¥0.20）的整数倍',
    server: { status: 409, msg: '出价须为加价幅度的整数倍（起始价¥0.1，加价幅度¥0.2）' },
  },
  {
    name: 'no amount',
    auction: base,
    amount: 0,
    verdict: 'invalidAmount',
    client: '请输入出价金额',
    server: { status: 400, msg: '参数 出价金额（amount） 不能小于 0' },
  },
  {
    name: 'a tender',
    auction: { ...base, type: 1 },
    amount: 1000,
    verdict: 'tender',
    client: null,
    server: { status: 409, msg: '招标采购项目不进行网络竞价' },
  },
  {
    name: 'before the start',
    auction: { ...base, window: 'notYet' },
    amount: 1000,
    verdict: 'notStarted',
    client: null,
    server: { status: 409, msg: '竞价尚未开始' },
  },
  { name: 'after the end', auction: { ...base, window: 'over' }, amount: 1000, verdict: 'ended', client: null, server: { status: 409, msg: '竞价已结束' } },
  {
    name: 'no end set',
    auction: { ...base, window: 'noStop' },
    amount: 1000,
    verdict: 'noStopTime',
    client: null,
    server: { status: 409, msg: '竞价结束时间未设定，暂不能出价' },
  },
  {
    name: 'registration awaiting review',
    auction: { ...base, registration: 'pending' },
    amount: 1000,
    verdict: 'pending',
    client: null,
    server: { status: 403, msg: '您的报名尚在审核中，审核通过后才能出价' },
  },
  {
    name: 'not registered',
    auction: { ...base, registration: 'none' },
    amount: 1000,
    verdict: 'notQualified',
    client: null,
    server: { status: 403, msg: '您未获得竞价资格' },
  },
  {
    name: 'no increment set',
    auction: { ...base, increment: 0 },
    amount: 1000,
    verdict: 'noIncrement',
    client: null,
    server: { status: 409, msg: '该项目未设置加价幅度，暂不能出价' },
  },
];
