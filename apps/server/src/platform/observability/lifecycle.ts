/**
 * Where the process is in its life, as readiness reports it: serving, or stopping (SIGTERM was
 * received: it finishes what it holds and takes nothing new). One per container.
 */
export class Lifecycle {
  private stoppingSince: number | null = null;

  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  /** From now on readiness answers 503: a load balancer stops sending work here. */
  beginStopping(now = Date.now()): void {
    this.stoppingSince ??= now;
  }
}
