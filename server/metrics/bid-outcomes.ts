import type { FastifyRequest } from 'fastify';

/** The bid call's name in schemas/api: its answers are counted as bids accepted, replayed or refused. */
export const BID_ROUTE = 'auctionBid';

/** Bid calls answered with the first answer of a key already used: a resend, not a new bid. */
const replays = new WeakSet<FastifyRequest>();

/** The bid call marks its answer a replay (its key's first answer), so it is not counted as another accepted bid. */
export const markBidReplay = (request: FastifyRequest): void => void replays.add(request);

/** Whether the bid call answered this request with a replay. */
export const isBidReplay = (request: FastifyRequest): boolean => replays.has(request);

/** A refusal the bid statement named (server/auction/bid-refusal.ts tags its error with it). */
const NAMED_RULE = /^[A-Za-z]{1,32}$/;

/** Refusals before or beside the bid statement's rules, by their status: the amount's form, the account, the project. */
const RULE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid',
  401: 'notLoggedIn',
  403: 'forbidden',
  404: 'missing',
  409: 'conflict',
  429: 'rateLimited',
};

/** The rule an error of the bid call broke, when it names one (a bounded set of words, never free text). */
export function namedRule(error: unknown): string | undefined {
  const rule = (error as { bidRefusal?: unknown } | null)?.bidRefusal;
  return typeof rule === 'string' && NAMED_RULE.test(rule) ? rule : undefined;
}

/** The rule label of a refused bid: the one its error named, else what its status says. */
export function refusalRule(named: string | undefined, statusCode: number): string {
  return named ?? RULE_BY_STATUS[statusCode] ?? 'other';
}
