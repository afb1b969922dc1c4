import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The webhook bench's sender, in its own process so sending never waits on the bench's own work
 * (building payloads, polling reads) and the bench's event loop never delays a send. Forked with
 * IPC; the parent sends one `FireOrder` and gets back one `FireReport`.
 *
 * - `rate`: open loop. Delivery i leaves at start + i / rate seconds whether or not earlier ones
 *   were answered, as GitHub sends regardless of how the receiver keeps up.
 * - `burst`: closed loop with `parallel` in flight, the receiver's saturation rate.
 *
 * Each delivery goes on a fresh connection, as GitHub's hookshot (and the emulator) send them.
 * Times are epoch milliseconds with sub-millisecond precision (`performance.timeOrigin` based), so
 * the parent can set them beside its own.
 */
export interface PreparedDelivery {
  body: string;
  headers: Record<string, string>;
}

export interface FireOrder {
  url: string;
  /** A JSON file holding PreparedDelivery[] (large; kept out of the IPC channel). */
  file: string;
  mode: 'rate' | 'burst';
  rate?: number;
  parallel?: number;
}

export interface FireReport {
  /** Per delivery, in order: when its first byte was written, when its answer ended, its status (0: no answer). */
  sentAt: number[];
  answeredAt: number[];
  status: number[];
  /** The greatest delay of a send behind its schedule (rate mode), in ms. */
  maxLagMs: number;
}

export type FireMessage = { type: 'started'; at: number } | { type: 'done'; report: FireReport };

const now = () => performance.timeOrigin + performance.now();

function post(url: URL, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      timeout: 10_000,
      headers: { ...headers, 'content-length': String(body.length), connection: 'close' },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function fire(order: FireOrder): Promise<FireReport> {
  const url = new URL(order.url);
  const deliveries = (JSON.parse(readFileSync(order.file, 'utf8')) as PreparedDelivery[]).map((d) => ({ body: Buffer.from(d.body), headers: d.headers }));
  const n = deliveries.length;
  const report: FireReport = { sentAt: new Array(n).fill(0), answeredAt: new Array(n).fill(0), status: new Array(n).fill(0), maxLagMs: 0 };
  const send = async (i: number) => {
    report.sentAt[i] = now();
    report.status[i] = await post(url, deliveries[i].body, deliveries[i].headers);
    report.answeredAt[i] = now();
  };

  const start = now();
  process.send!({ type: 'started', at: start } satisfies FireMessage);
  const inFlight: Promise<void>[] = [];
  if (order.mode === 'rate') {
    const interval = 1000 / order.rate!;
    let next = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const t = now();
        // Every send that is due goes now: a late timer catches up instead of stretching the schedule.
        while (next < n && start + next * interval <= t) {
          report.maxLagMs = Math.max(report.maxLagMs, t - (start + next * interval));
          inFlight.push(send(next++));
        }
        if (next < n) setTimeout(tick, Math.max(0, start + next * interval - now()));
        else resolve();
      };
      tick();
    });
  } else {
    let next = 0;
    const lane = async () => {
      while (next < n) await send(next++);
    };
    inFlight.push(...Array.from({ length: order.parallel ?? 8 }, lane));
  }
  await Promise.all(inFlight);
  return report;
}

process.once('message', (order: FireOrder) => {
  fire(order).then(
    (report) => process.send!({ type: 'done', report } satisfies FireMessage, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
