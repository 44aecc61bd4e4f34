import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';

/** The prefix of a probe's payload on the `webhooks` channel: never an event's. */
export const PROBE_PREFIX = 'probe:';

export interface ProbeTiming {
  /** How often a probe is sent while listening. */
  everyMs: number;
  /** How long a probe may take to come back before notifications count as not arriving. */
  timeoutMs: number;
}

export const PROBE_TIMING: Readonly<ProbeTiming> = { everyMs: 30_000, timeoutMs: 5_000 };

/**
 * Proves that the LISTEN connection hears what the service's writes say. A probe is a NOTIFY sent
 * the way writes send theirs (through DATABASE_URL); if it does not come back on the LISTEN
 * connection in time, notifications are not arriving (typically: the LISTEN went through a
 * pooler in transaction mode, whose borrowed connection passes them to nobody), so the
 * dispatcher is told to poll, and why is logged. When a probe comes back, notifications flow again.
 */
export class NotificationProbe {
  private timer: NodeJS.Timeout | null = null;
  private awaited: { token: string; arrived: () => void } | null = null;
  private hearing = true;

  constructor(
    private readonly send: (payload: string) => Promise<void>,
    private readonly logger: Logger,
    private readonly onHearing: (hearing: boolean) => void,
    private readonly timing: ProbeTiming = PROBE_TIMING,
  ) {}

  /** Whether the last probe came back (true until one does not). */
  get heard(): boolean {
    return this.hearing;
  }

  /** Starts probing now and every `everyMs`, until `stop`. */
  start(): void {
    this.stop();
    void this.probe();
    this.timer = setInterval(() => void this.probe(), this.timing.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.awaited = null;
  }

  /** A notification's payload: true when it was a probe (and so no event). */
  received(payload: string | undefined): boolean {
    if (!payload?.startsWith(PROBE_PREFIX)) return false;
    if (this.awaited?.token === payload) this.awaited.arrived();
    return true;
  }

  private async probe(): Promise<void> {
    if (this.awaited) return;
    let timeout: NodeJS.Timeout | undefined;
    let arrived = (): void => undefined;
    const heardBack = new Promise<boolean>((resolve) => {
      arrived = () => resolve(true);
      timeout = setTimeout(() => resolve(false), this.timing.timeoutMs);
      timeout.unref();
    });
    const mine = { token: `${PROBE_PREFIX}${randomBytes(8).toString('hex')}`, arrived };
    this.awaited = mine;
    try {
      await this.send(mine.token);
    } catch (err) {
      // The database away: the LISTEN connection's own loss says so; nothing to conclude here.
      this.logger.debug({ err }, 'webhook notification probe not sent');
      clearTimeout(timeout);
      if (this.awaited === mine) this.awaited = null;
      return;
    }
    const heard = await heardBack;
    clearTimeout(timeout);
    // Stopped meanwhile (the connection lost, or the service stopping): nothing to conclude.
    if (this.awaited !== mine) return;
    this.awaited = null;
    if (heard === this.hearing) return;
    this.hearing = heard;
    if (heard) this.logger.info('webhook notifications arrive again: the probe came back');
    else {
      this.logger.warn(
        { timeoutMs: this.timing.timeoutMs },
        'webhook notifications do not arrive on the LISTEN connection (is it through a pooler in transaction mode? point DATABASE_LISTEN_URL at the primary); polling',
      );
    }
    this.onHearing(heard);
  }
}
