/**
 * The benchmark's report: its rows, the targets of issue 35 and whether each is met, printed as
 * one table (bench/run.ts measures, this module judges and prints).
 */
import { availableParallelism } from 'node:os';
import { median, type LoadResult } from './lib.js';
import type { LimitResult } from './pg-limit.js';
import type { ScenarioKind } from './scenarios.js';

/** A load run and the CPU it cost per request: the server process's and PostgreSQL's (all its processes). */
export interface Measured extends LoadResult {
  cpu?: { serverMs: number; pgMs: number };
}

export interface Row {
  scenario: string;
  kind?: ScenarioKind;
  base?: Measured;
  svc: Measured;
  /** PostgreSQL's own limit for the scenario's statements (bench/pg-limit.ts). */
  limit?: LimitResult;
  /** The most svc/limit can be on this machine, given the HTTP floor (bench/http-floor.ts). */
  ceiling?: number;
}

/**
 * The targets per kind of scenario: throughput over the baseline's, p99 as a multiple of the
 * baseline's, and throughput as a fraction of PostgreSQL's own limit for the same statements.
 */
export const TARGETS: Record<ScenarioKind, { ratio: number; p99x?: number; ofLimit: number }> = {
  write: { ratio: 1.0, p99x: 1.2, ofLimit: 0.8 },
  read: { ratio: 1.5, ofLimit: 0.8 },
};
/** The list's and a one-match search's latency at the scale step's size over 10k products. */
export const SCALE_TARGET = 1.2;
/** A search whose matches grow with the catalogue (`sku-1234`: 111 at 1M products): its p50 at 1M. */
export const GROWING_SEARCH_TARGET = { p50Ms: 12, products: 1_000_000 };
/** What the scale step measures at each size: the list, a one-match search, a growing search. */
export type ScaleMeasure = 'list' | 'oneMatch' | 'growing';
export const RSS_TARGET_MB = { api: 160, worker: 128 };
export const WEBHOOK_TARGET = { perSecond: 3000, tenants: 20, p50Ms: 10, p99Ms: 50 };

export interface WebhookResult {
  perSecond: Record<string, number>;
  cpuMsPerDelivery: Record<string, number>;
  p50: number;
  p99: number;
  rate: number;
  workerPeakRssMb: number;
}

export const metOrMissed = (met: boolean) => (met ? 'MET' : 'MISSED');

/** The webhook step's figures against their targets. */
export function reportWebhooks(r: WebhookResult): void {
  const t = WEBHOOK_TARGET;
  const rates = Object.entries(r.perSecond).map(([tenants, perSecond]) => {
    const judged = Number(tenants) === t.tenants;
    const verdict = judged ? ` (target ≥ ${t.perSecond}: ${metOrMissed(perSecond >= t.perSecond)})` : '';
    return `${perSecond}/s over ${tenants} tenants${verdict}`;
  });
  console.log(`webhooks: ${rates.join(', ')}`);
  // The whole machine's CPU per delivery (worker, PostgreSQL, receiver, event writer) at the
  // target's rate, against the cores there are: above them, the target cannot be reached here.
  const cpuMs = r.cpuMsPerDelivery[String(t.tenants)];
  if (cpuMs !== undefined) {
    console.log(
      `webhooks over ${t.tenants} tenants: ${cpuMs.toFixed(3)} ms of CPU per delivery on the machine; ` +
        `${t.perSecond}/s at that cost needs ${((cpuMs * t.perSecond) / 1000).toFixed(2)} of its ${availableParallelism()} cores`,
    );
  }
  console.log(
    `webhooks at a steady ${r.rate}/s: commit→delivery p50 ${r.p50.toFixed(1)} ms (target ≤ ${t.p50Ms}: ` +
      `${metOrMissed(r.p50 <= t.p50Ms)}), p99 ${r.p99.toFixed(1)} ms (target ≤ ${t.p99Ms}: ${metOrMissed(r.p99 <= t.p99Ms)})`,
  );
  console.log(
    `worker peak RSS: ${fmt(r.workerPeakRssMb, 1)} MB (target ≤ ${RSS_TARGET_MB.worker} MB: ` +
      `${metOrMissed(r.workerPeakRssMb <= RSS_TARGET_MB.worker)})`,
  );
}

/** A request answered other than 2xx means the harness or a server is broken: the run fails. */
export function failIfNot2xx(rows: Row[]): void {
  const failures = rows.reduce(
    (n, r) => n + r.svc.non2xx + r.svc.errors + (r.base ? r.base.non2xx + r.base.errors : 0),
    0,
  );
  if (failures > 0) {
    console.error(`${failures} requests were not answered 2xx: the harness or a server is broken`);
    process.exitCode = 1;
  }
}

export function medianOf(results: Measured[]): Measured {
  const cpu = results.flatMap((r) => (r.cpu ? [r.cpu] : []));
  return {
    ...(cpu.length
      ? { cpu: { serverMs: median(cpu.map((c) => c.serverMs)), pgMs: median(cpu.map((c) => c.pgMs)) } }
      : {}),
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
  };
}

function cpuCell(r: Measured | undefined): string {
  return r?.cpu ? `${fmt(r.cpu.serverMs, 2)}+${fmt(r.cpu.pgMs, 2)}` : '-';
}

export function fmt(n: number | undefined, digits = 0): string {
  return n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits);
}

/** Whether a row meets its kind's targets: ratio, p99 and fraction of PostgreSQL's limit. */
function checksOf(r: Row): string[] {
  if (!r.kind || !r.base) return [];
  const target = TARGETS[r.kind];
  const ratio = r.svc.rps / r.base.rps;
  const checks = [`ratio>=${target.ratio} ${metOrMissed(ratio >= target.ratio)}`];
  if (target.p99x !== undefined) {
    const met = r.svc.p99 <= target.p99x * Math.max(r.base.p99, 1);
    checks.push(`p99<=${target.p99x}x ${metOrMissed(met)}`);
  }
  if (r.limit) checks.push(`limit>=${target.ofLimit} ${metOrMissed(r.svc.rps / r.limit.rps >= target.ofLimit)}`);
  return checks;
}

const COLUMNS = [
  'scenario',
  'baseline req/s',
  'service req/s',
  'ratio',
  'base p50/p99 ms',
  'svc p50/p99 ms',
  'PG limit req/s',
  'svc/limit',
  'svc/limit ceiling',
  'CPU ms/req base (node+PG)',
  'CPU ms/req svc (node+PG)',
  'non-2xx',
  'targets',
];

/** One connection's mean latency: each request waits for the one before, so 1000 / rps. */
const meanMs = (r: LoadResult) => 1000 / Math.max(r.rps, 1e-9);

/** The scenario table; with the scale figures and the API's peak RSS when the whole run was made. */
export function report(
  rows: Row[],
  whole?: {
    peakRssMb: number;
    /** What an express app that only answers serves under the same load (bench/http-floor.ts). */
    floorRps: number;
    small: Record<ScaleMeasure, Measured>;
    large: Record<ScaleMeasure, Measured>;
    largeProducts: number;
  },
): void {
  const lines: string[][] = [COLUMNS];
  for (const r of rows) {
    lines.push([
      r.scenario,
      fmt(r.base?.rps),
      fmt(r.svc.rps),
      r.base ? (r.svc.rps / r.base.rps).toFixed(2) : '-',
      r.base ? `${r.base.p50}/${r.base.p99}` : '-',
      `${r.svc.p50}/${r.svc.p99}`,
      fmt(r.limit?.rps),
      r.limit ? (r.svc.rps / r.limit.rps).toFixed(2) : '-',
      fmt(r.ceiling, 2),
      cpuCell(r.base),
      cpuCell(r.svc),
      String(r.svc.non2xx + r.svc.errors + (r.base ? r.base.non2xx + r.base.errors : 0)),
      checksOf(r).join(', '),
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
  if (!whole) return;
  const { peakRssMb, floorRps, small, large, largeProducts } = whole;
  console.log(
    `HTTP floor: an express app that only answers serves ${fmt(floorRps)} req/s under this load; ` +
      `svc/limit ceiling = 1 / (1 + limit / ${fmt(floorRps)}) while both are CPU-bound`,
  );
  const k = `${largeProducts / 1000}k`;
  for (const which of ['list', 'oneMatch'] as const) {
    // The mean, to the microsecond: autocannon's percentiles are whole milliseconds, too coarse here.
    const scale = meanMs(large[which]) / meanMs(small[which]);
    console.log(
      `${which === 'list' ? 'list' : 'one-match search'} scale (1 connection): latency ${fmt(meanMs(small[which]), 2)} ms → ${fmt(meanMs(large[which]), 2)} ms at ${k} ` +
        `(p50 ${small[which].p50} → ${large[which].p50} ms; CPU ms/req node+PG ${cpuCell(small[which])} → ` +
        `${cpuCell(large[which])}), ×${scale.toFixed(2)} ` +
        `(target ≤ ${SCALE_TARGET}: ${metOrMissed(scale <= SCALE_TARGET)})`,
    );
  }
  const growing = large.growing;
  const judged = largeProducts >= GROWING_SEARCH_TARGET.products;
  console.log(
    `growing search (sku-1234) at ${k} products (1 connection): p50 ${growing.p50} ms, mean ${fmt(meanMs(growing), 2)} ms, ` +
      `CPU ms/req node+PG ${cpuCell(growing)} (target ≤ ${GROWING_SEARCH_TARGET.p50Ms} ms at 1M: ` +
      `${judged ? metOrMissed(growing.p50 <= GROWING_SEARCH_TARGET.p50Ms) : 'judged on a full run'})`,
  );
  console.log(
    `API peak RSS: ${fmt(peakRssMb, 1)} MB (target ≤ ${RSS_TARGET_MB.api} MB: ${metOrMissed(peakRssMb <= RSS_TARGET_MB.api)})`,
  );
}
