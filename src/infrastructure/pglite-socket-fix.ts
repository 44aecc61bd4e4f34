import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Workaround for a known pglite-socket defect (electric-sql/pglite issue #1046, PR #977, both
 * open in 0.2.17): the server queues each wire-protocol message of every connection on one
 * shared PGlite backend, and keeps one connection's turn only while a SQL transaction is open.
 * Two pooled connections running parameterised queries outside a transaction then interleave
 * their Parse/Bind/Execute/Sync messages, and PostgreSQL answers `portal "" cannot be run` or
 * `unnamed prepared statement does not exist`; and one failed message stops the queue for good.
 *
 * The replacement scheduler below keeps a connection's turn from its first extended-protocol
 * message until its Sync (or a simple Query), as well as during a transaction, and keeps going
 * after a failed message. It replaces one method of the server's queue object and relies only on
 * the private members that the package's own type declarations list (queue, processing, db,
 * lastHandlerId). The version is pinned in package.json; test/infrastructure tests exercise it
 * with concurrent parameterised queries.
 */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
  onData: (data: Uint8Array) => void;
}

interface QueueInternals {
  queue: QueuedMessage[];
  processing: boolean;
  db: PGlite;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

// Frontend message types that continue an extended-protocol batch (Parse, Bind, Describe, Execute, Close, Flush).
const BATCH_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

export function pinExtendedProtocolBatches(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue: QueueInternals }).queryQueue;
  if (!q || !Array.isArray(q.queue) || typeof q.processQueue !== 'function') {
    throw new Error('pglite-socket internals changed: review src/infrastructure/pglite-socket-fix.ts');
  }
  let midBatch = false;

  q.processQueue = async function processQueue(this: QueueInternals): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = midBatch || this.db.isInTransaction() ? this.lastHandlerId : null;
        let item: QueuedMessage | undefined;
        if (owner !== null) {
          const at = this.queue.findIndex((m) => m.handlerId === owner);
          if (at === -1) break; // the owner's next message has not arrived yet
          item = this.queue.splice(at, 1)[0];
        } else {
          item = this.queue.shift();
        }
        if (!item) break;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        }
        this.lastHandlerId = item.handlerId;
        midBatch = BATCH_MESSAGES.has(item.message[0] ?? 0);
      }
    } finally {
      this.processing = false;
    }
  }.bind(q);

  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    const wasOwner = handlerId === q.lastHandlerId;
    if (wasOwner) midBatch = false;
    clear(handlerId);
    if (wasOwner) void q.processQueue();
  };
}
