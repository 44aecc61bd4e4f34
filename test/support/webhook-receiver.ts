import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { KnexOutbox } from '../../src/adapters/persistence/outbox-repository.js';
import type { DomainEvent } from '../../src/domain/shared/events.js';

export interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the n-th request (from 1) to a path: a status, and optionally a delay. */
export type Responder = (
  req: Received,
  n: number,
) => { status: number; delayMs?: number; headers?: Record<string, string> };

/**
 * A real webhook receiver on 127.0.0.1 for tests: records every request (headers, raw body,
 * arrival time), answers as `respond` says, and tracks how many requests it is serving at
 * once (`maxConcurrent`).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  concurrent = 0;
  maxConcurrent = 0;
  respond: Responder = () => ({ status: 200 });
  private server: Server | null = null;
  private readonly counts = new Map<string, number>();
  private waiters: { predicate: () => boolean; resolve: () => void }[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.concurrent += 1;
        this.maxConcurrent = Math.max(this.maxConcurrent, this.concurrent);
        const received: Received = {
          at: Date.now(),
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.received.push(received);
        this.check();
        const n = (this.counts.get(received.path) ?? 0) + 1;
        this.counts.set(received.path, n);
        const answer = this.respond(received, n);
        const finish = () => {
          this.concurrent -= 1;
          res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          res.end('ok');
          this.check();
        };
        if (answer.delayMs) setTimeout(finish, answer.delayMs);
        else finish();
      });
    });
    this.server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves when `predicate` holds (checked after every answered request), or rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(`receiver: timed out after ${timeoutMs} ms waiting for ${what} (${this.received.length} received)`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private check(): void {
    for (const w of [...this.waiters]) {
      if (w.predicate()) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve();
      }
    }
  }
}

/** Writes events to the outbox as another context's use case would, in one transaction. */
export function emitEvents(knex: Knex, events: DomainEvent[]): Promise<void> {
  return knex.transaction((trx) => new KnexOutbox(trx).add(events));
}

let counter = 0;

/** An event of spec 6.2 with a 2.10 payload. */
export function invoiceEvent(
  tenantId: string,
  branchId: string,
  name:
    'billing.invoice.created' | 'billing.invoice.voided' | 'inventory.adjustment.approved' = 'billing.invoice.created',
  id: string = crypto.randomUUID(),
): DomainEvent {
  counter += 1;
  const resource = name.startsWith('inventory') ? 'STOCK_ADJUSTMENT' : 'INVOICE';
  const action = name.endsWith('voided') ? 'VOID' : name.endsWith('approved') ? 'APPROVE' : 'CREATE';
  const prefix = resource === 'INVOICE' ? 'INV' : 'ADJ';
  return {
    name,
    tenantId,
    occurredAt: new Date(),
    payload: { id, code: `${prefix}-2026-${String(counter).padStart(6, '0')}`, branchId, resource, action },
  };
}
