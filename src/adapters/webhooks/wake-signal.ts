/** A wake-up for a loop that waits: `wait` resolves after `ms`, or at once on `signal`. */
export class WakeSignal {
  private wakeUp: (() => void) | null = null;

  signal(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
