import type { ReactNode } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { messageOf, useAdminRead } from './reads';

/** `GET /tenants/:tenantId/usage/daily`: one integration's UTC day. */
export interface UsageDay {
  day: string;
  integrationId: string;
  requests: number;
  rateLimited: number;
}

/** `GET /integrations/:id/deliveries/daily`: one UTC day of an integration's deliveries. */
export interface DeliveryDay {
  day: string;
  delivered: number;
  failed: number;
  dead: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** The window the charts show, in UTC days (today the last). */
export const CHART_DAYS = 30;

/** Distinct colours for integrations, in order; readable on white. */
const PALETTE = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e', '#37474f'];
const RED = '#c62828';

/** `MM-DD` under each bar: the year is in the tooltip. */
const shortDay = (day: string) => day.slice(5);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A chart as a figure: its title names it, and a sentence of totals says what the picture shows
 * to those who cannot see it (the SVG itself is hidden from screen readers).
 */
function ChartFigure(props: {
  id: string;
  title: string;
  summary: string | null;
  loading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const { id, title, summary, loading, error, children } = props;
  return (
    <Box
      component="figure"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      data-chart={id}
      sx={{ m: 0, mb: 2, minWidth: 0 }}
    >
      <Typography component="figcaption" variant="subtitle1" id={`${id}-title`} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" id={`${id}-summary`} data-chart-summary={id} sx={{ mb: 1 }}>
        {summary ?? (loading ? 'Loading…' : '')}
      </Typography>
      {loading && <LinearProgress aria-label={`Loading ${title}`} />}
      {error ? <Alert severity="error">{messageOf(error)}</Alert> : null}
      {!loading && !error && (
        <Box aria-hidden="true" sx={{ width: '100%', height: 300 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}

interface Named {
  id: string;
  clientName?: string;
}

/** One row per day: each integration's requests under `r:<id>`, and the 429s of all of them. */
function pivotUsage(days: UsageDay[], ids: string[]) {
  const byDay = new Map<string, Record<string, number | string>>();
  for (const entry of days) {
    const row = byDay.get(entry.day) ?? {
      day: entry.day,
      rateLimited: 0,
      ...Object.fromEntries(ids.map((i) => [`r:${i}`, 0])),
    };
    row[`r:${entry.integrationId}`] = Number(row[`r:${entry.integrationId}`] ?? 0) + entry.requests;
    row.rateLimited = Number(row.rateLimited) + entry.rateLimited;
    byDay.set(entry.day, row);
  }
  return [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
}

function usageSummary(days: UsageDay[], name: (id: string) => string): string {
  if (days.length === 0) return `No integration, so no requests in the last ${CHART_DAYS} days.`;
  const today = days.reduce((last, d) => (d.day > last ? d.day : last), '');
  const sum = (list: UsageDay[], field: 'requests' | 'rateLimited') => list.reduce((n, d) => n + d[field], 0);
  const todays = days.filter((d) => d.day === today);
  const ids = [...new Set(days.map((d) => d.integrationId))];
  const each = ids.map((id) => {
    const mine = days.filter((d) => d.integrationId === id);
    return `${name(id)} ${plural(sum(mine, 'requests'), 'request')}, ${sum(mine, 'rateLimited')} refused (429)`;
  });
  return (
    `Today (${today}): ${plural(sum(todays, 'requests'), 'request')}, ${sum(todays, 'rateLimited')} refused (429). ` +
    `Last ${CHART_DAYS} days: ${plural(sum(days, 'requests'), 'request')}, ${sum(days, 'rateLimited')} refused (429); ` +
    `${each.join('; ')}.`
  );
}

/** A tenant's requests per UTC day, stacked by integration, with the calls refused 429 as a line. */
export function UsageChart({ tenantId, integrations }: { tenantId: string; integrations: Named[] }) {
  const { data, isPending, error } = useAdminRead<UsageDay[]>(
    ['usage-daily', tenantId],
    `/tenants/${encodeURIComponent(tenantId)}/usage/daily?days=${CHART_DAYS}`,
  );
  const days = data ?? [];
  const names = new Map(integrations.map((i) => [String(i.id), i.clientName ?? String(i.id)]));
  const name = (id: string) => names.get(id) ?? `Integration ${id.slice(0, 8)}`;
  const ids = [...new Set(days.map((d) => d.integrationId))];
  return (
    <ChartFigure
      id="usage-daily"
      title={`Requests per day by integration, last ${CHART_DAYS} days (UTC), with 429s`}
      summary={data ? usageSummary(days, name) : null}
      loading={isPending}
      error={error}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={pivotUsage(days, ids)}
          margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          {ids.map((id, i) => (
            <Bar
              key={id}
              dataKey={`r:${id}`}
              name={name(id)}
              stackId="requests"
              fill={PALETTE[i % PALETTE.length]}
              isAnimationActive={false}
            />
          ))}
          <Line
            dataKey="rateLimited"
            name="Refused (429)"
            stroke={RED}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function deliverySummary(days: DeliveryDay[]): string {
  const last = days[days.length - 1];
  if (!last) return 'No deliveries.';
  const sum = (field: 'delivered' | 'failed' | 'dead') => days.reduce((n, d) => n + d[field], 0);
  const latency = last.p50Ms === null ? 'no attempts' : `p50 ${last.p50Ms} ms, p95 ${last.p95Ms ?? '—'} ms`;
  return (
    `Today (${last.day}): ${last.delivered} delivered, ${last.failed} failed, ${last.dead} dead; ${latency}. ` +
    `Last ${CHART_DAYS} days: ${sum('delivered')} delivered, ${sum('failed')} failed attempts, ${sum('dead')} dead.`
  );
}

/** An integration's webhook attempts per UTC day by outcome (bars) and their p50/p95 latency (lines, right axis). */
export function DeliveriesChart({ integrationId }: { integrationId: string }) {
  const { data, isPending, error } = useAdminRead<DeliveryDay[]>(
    ['deliveries-daily', integrationId],
    `/integrations/${encodeURIComponent(integrationId)}/deliveries/daily?days=${CHART_DAYS}`,
  );
  return (
    <ChartFigure
      id="deliveries-daily"
      title={`Webhook deliveries per day by outcome, with p50/p95 latency, last ${CHART_DAYS} days (UTC)`}
      summary={data ? deliverySummary(data) : null}
      loading={isPending}
      error={error}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart accessibilityLayer={false} data={data ?? []} margin={{ top: 8, right: 0, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
          <YAxis yAxisId="count" allowDecimals={false} width={40} />
          <YAxis yAxisId="ms" orientation="right" unit=" ms" width={64} />
          <Tooltip />
          <Legend />
          <Bar
            yAxisId="count"
            dataKey="delivered"
            name="Delivered"
            stackId="o"
            fill="#2e7d32"
            isAnimationActive={false}
          />
          <Bar yAxisId="count" dataKey="failed" name="Failed" stackId="o" fill="#ef6c00" isAnimationActive={false} />
          <Bar yAxisId="count" dataKey="dead" name="Dead" stackId="o" fill={RED} isAnimationActive={false} />
          <Line
            yAxisId="ms"
            dataKey="p50Ms"
            name="p50 latency"
            stroke="#1565c0"
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
          <Line
            yAxisId="ms"
            dataKey="p95Ms"
            name="p95 latency"
            stroke="#6a1b9a"
            strokeDasharray="4 2"
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** `GET /tenants/:tenantId/products/:productId/ledger`: one stock movement (signed quantity). */
interface LedgerMove {
  quantity: number;
  createdAt: string;
}

/** The movements the stock chart draws: the latest page of the ledger. */
export const STOCK_MOVES = 100;

/**
 * On hand over every warehouse after each movement, oldest first: from the stock now, walking
 * the movements (newest first) back, each one's quantity taken off what followed it.
 */
export function onHandAfterEachMove(moves: LedgerMove[], onHandNow: number) {
  let after = onHandNow;
  const points = moves.map((move) => {
    const point = { at: move.createdAt, onHand: Math.round(after * 1000) / 1000 };
    after -= move.quantity;
    return point;
  });
  return points.reverse();
}

function stockSummary(points: { onHand: number }[], onHandNow: number, minStock: number): string {
  const relation = onHandNow < minStock ? 'below' : onHandNow === minStock ? 'at' : 'above';
  const now = `On hand now ${onHandNow}, ${relation} the minimum of ${minStock}.`;
  if (points.length === 0) return `${now} No stock movements yet.`;
  const lowest = Math.min(...points.map((p) => p.onHand));
  const under = points.filter((p) => p.onHand < minStock).length;
  return `${now} Over the last ${plural(points.length, 'movement')}: lowest ${lowest}, ${under} below the minimum.`;
}

/** A product's stock on hand (all warehouses) after each of its latest movements, against its minimum. */
export function StockChart(props: { tenantId: string; productId: string; onHandNow: number; minStock: number }) {
  const { tenantId, productId, onHandNow, minStock } = props;
  const { data, isPending, error } = useAdminRead<LedgerMove[]>(
    ['stock-moves', tenantId, productId, onHandNow],
    `/tenants/${encodeURIComponent(tenantId)}/products/${encodeURIComponent(productId)}/ledger?limit=${STOCK_MOVES}`,
  );
  const points = data ? onHandAfterEachMove(data, onHandNow) : [];
  const shortTime = (at: string) => at.slice(5, 16).replace('T', ' ');
  return (
    <ChartFigure
      id="stock-minimum"
      title="Stock on hand against the minimum"
      summary={data ? stockSummary(points, onHandNow, minStock) : null}
      loading={isPending}
      error={error}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="at" tickFormatter={shortTime} minTickGap={24} />
          <YAxis width={56} />
          <Tooltip labelFormatter={(at) => new Date(String(at)).toLocaleString()} />
          <Legend />
          <Line
            type="stepAfter"
            dataKey="onHand"
            name="On hand"
            stroke={PALETTE[0]}
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
          <ReferenceLine
            y={minStock}
            stroke={RED}
            strokeDasharray="6 3"
            label={`Minimum ${minStock}`}
            ifOverflow="extendDomain"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
