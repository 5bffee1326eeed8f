/** The bid call's name in schemas/api: its answers are counted as bids accepted or refused. */
export const BID_ROUTE = 'auctionBid';

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
