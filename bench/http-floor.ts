/**
 * The HTTP floor: what an express app that does nothing but answer — the framework the service
 * is built on, its JSON body parser, no database, no signature check — serves under the
 * bench's own load generator on this machine. A scenario's service can at best add this cost to
 * its statements' (bench/pg-limit.ts), so while both are CPU-bound on the same cores its
 * throughput over PostgreSQL's limit is at most 1 / (1 + limit / floor): the `svc/limit
 * ceiling` column. A limit set by a lock rather than by the CPU (a counter row every write of
 * a fiscal year waits for) leaves cores idle, and the ceiling is then looser than printed.
 */
import { freePort, load, startChild, type LoadResult } from './lib.js';
import { medianOf } from './report.js';

/** The answering app, run by plain node: a body of the size a product's detail has. */
const APP = `
const express = require('express');
const app = express();
app.use(express.json());
const body = { data: { id: '0b9f6f4e-2a4c-4d0c-9a55-7f3c9c1d2e11', name: 'Product 0000002 blue', sku: 'SKU-2',
  price: 3.99, minStock: 2, stock: [{ warehouseId: 'c2a1b9e4-5d6f-4a7b-8c9d-0e1f2a3b4c5d', quantity: 500, reserved: 0 }] } };
app.use((req, res) => res.status(200).json(body));
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The signed request's headers, of the sizes the service's callers send. */
const HEADERS = {
  'x-client-id': 'bench-client-0123456789abcdef',
  'x-nonce': 'b3f1c8e2a9d74f06b5e1c2d3a4f5e6d7',
  'x-timestamp': '1796000000',
  'x-signature': 'a'.repeat(64),
};

/** The floor's throughput: the median of `rounds` runs of `duration` seconds on `connections`. */
export async function measureHttpFloor(connections: number, duration: number, rounds: number): Promise<LoadResult> {
  const port = await freePort();
  const app = await startChild('node', ['-e', APP], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
  try {
    const runs: LoadResult[] = [];
    for (let r = 0; r < rounds; r++) {
      runs.push(
        await load({
          url: `http://127.0.0.1:${port}`,
          path: '/',
          connections,
          duration,
          prepare: () => ({ headers: HEADERS }),
        }),
      );
    }
    // The runs' median rps, and every run's failed requests counted.
    const floor = medianOf(runs);
    const failed = floor.non2xx + floor.errors;
    if (failed > 0) throw new Error(`the HTTP floor's app failed ${failed} requests: its figure would mean nothing`);
    return floor;
  } finally {
    await app.stop();
  }
}

/** The most a scenario's service can reach of its PostgreSQL limit, given the HTTP floor. */
export function limitCeiling(limitRps: number, floorRps: number): number {
  return 1 / (1 + limitRps / floorRps);
}
