/** Where an emulator reads the time: token expiry, order dates, the daily revision count. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to: tests expire tokens without waiting two hours. */
export class ManualClock implements Clock {
  private time: number;

  constructor(start: number = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }

  set(time: number): void {
    this.time = time;
  }
}
