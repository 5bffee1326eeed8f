const ID_KEY = Buffer.from('"bid":{"id":');
const TIME_KEY = Buffer.from('"time":');
const SERVER_TIME_KEY = Buffer.from('"serverTime":');

const readInt = (buf: Buffer, at: number): number => {
  let n = 0;
  for (let i = at; i < buf.length; i++) {
    const c = buf[i];
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
};

/** Every auctionBid frame every viewer got: which bids arrived (and how often), in what order, and how late. */
export class FrameTally {
  // Per viewer: which bid offsets arrived (0 none, 1 once, more duplicates) and the last one, for order.
  readonly seen: Uint8Array[];
  readonly lastSeen: Int32Array;
  readonly latencies: Float64Array;
  // The latency in two parts, split by the frame's serverTime (the instance's clock when NOTIFY handed it the bid):
  // the bid's commit and NOTIFY's delivery to the instance, then the instance's flush and the viewer's read.
  readonly toInstance: Float64Array;
  readonly toViewer: Float64Array;
  latencyCount = 0;
  outOfOrder = 0;
  firstBidId = -1;

  constructor(
    readonly viewers: number,
    readonly maxBids: number,
  ) {
    this.seen = Array.from({ length: viewers }, () => new Uint8Array(maxBids));
    this.lastSeen = new Int32Array(viewers).fill(-1);
    this.latencies = new Float64Array(viewers * maxBids);
    this.toInstance = new Float64Array(viewers * maxBids);
    this.toViewer = new Float64Array(viewers * maxBids);
  }

  /** Viewer `v` got the auctionBid frame `payload` now. */
  record(v: number, payload: Buffer): void {
    const received = Date.now();
    const id = readInt(payload, payload.indexOf(ID_KEY) + ID_KEY.length);
    const time = readInt(payload, payload.indexOf(TIME_KEY) + TIME_KEY.length);
    if (this.firstBidId < 0) this.firstBidId = id;
    const k = id - this.firstBidId;
    if (k < 0 || k >= this.maxBids) return;
    if (this.seen[v][k] < 255) this.seen[v][k]++;
    if (k < this.lastSeen[v]) this.outOfOrder++;
    this.lastSeen[v] = k;
    const serverTime = readInt(payload, payload.indexOf(SERVER_TIME_KEY) + SERVER_TIME_KEY.length);
    this.toInstance[this.latencyCount] = serverTime - time;
    this.toViewer[this.latencyCount] = received - serverTime;
    this.latencies[this.latencyCount++] = received - time;
  }

  /** Accepted bids (by id) a viewer never got, and extra copies of ones it did. */
  lostAndDuplicates(accepted: number[]): { lost: number; duplicates: number } {
    const acceptedOffsets = accepted.map((id) => id - this.firstBidId);
    let lost = 0;
    let duplicates = 0;
    for (let v = 0; v < this.viewers; v++) {
      for (const off of acceptedOffsets) {
        const n = off >= 0 && off < this.maxBids ? this.seen[v][off] : 0;
        if (n === 0) lost++;
        else if (n > 1) duplicates += n - 1;
      }
    }
    return { lost, duplicates };
  }
}
