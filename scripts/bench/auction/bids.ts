import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { signFor } from '../../../server/plugins/guards/index.js';
import { DEPT_ID, INCREMENT, KEYED, PRICE, RATE, SIGN_KEY } from './options.js';

/** Where the project is and whose sessions bid: the first server's `Ready` with every instance's port. */
export interface BidTarget {
  ports: number[];
  projectId: number;
  tokens: string[];
}

/** What the bids got back: the ids of accepted ones, refusals by message, and requests that failed outright. */
export interface BidAnswers {
  accepted: number[];
  refused: Map<string, number>;
  errors: number;
}

/**
 * Bids over keep-alive HTTP, paced by the wall clock at RATE a second until `total` are sent; bid k offers
 * start + k × increment so that in-order arrival is always accepted; each carries a key as the panel's do (not with
 * --keyless). Resolves once every bid is answered.
 */
export async function placeBids(target: BidTarget, total: number, agent: http.Agent, answers: BidAnswers): Promise<void> {
  const bid = (k: number) =>
    new Promise<void>((resolve) => {
      const timeStamp = String(Date.now());
      const sign = signFor(DEPT_ID, timeStamp, SIGN_KEY);
      const body = JSON.stringify({ projectId: target.projectId, amount: PRICE + k * INCREMENT, ...(KEYED ? { key: randomUUID() } : {}) });
      const req = http.request(
        {
          host: '127.0.0.1', port: target.ports[k % target.ports.length], path: '/prod-api/api/auction/bid', method: 'POST', agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), deptId: String(DEPT_ID), timeStamp, sign, authorization: `Bearer ${target.tokens[k % target.tokens.length]}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString()) as { code: number; msg: string; data?: { bid: { id: number } } };
            if (json.code === 200) answers.accepted.push(json.data!.bid.id);
            else answers.refused.set(json.msg, (answers.refused.get(json.msg) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', () => {
        answers.errors++;
        resolve();
      });
      req.end(body);
    });

  const pending: Promise<void>[] = [];
  const tBids = Date.now();
  let k = 0;
  await new Promise<void>((resolve) => {
    // Paced by the wall clock: every 10 ms, fire however many bids the rate owes by now.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - tBids) / 1000) * RATE));
      while (k < due) pending.push(bid(k++));
      if (k >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await Promise.all(pending);
}
