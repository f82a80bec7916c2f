export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface SaveState {
  status: SaveStatus;
  error: unknown;
}

export type Changes = Record<string, unknown>;

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Spec-free but seller-friendly: a pause of this long in typing saves the draft. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * The autosave of an existing item: field changes gather under their dotted paths (a later
 * value of a path replaces an earlier one), and go to the server after a pause in typing, one
 * request at a time. A failed batch is kept, under anything typed since, for the next try.
 */
export class AutosaveQueue {
  private pending: Changes = {};
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private state: SaveState = { status: 'idle', error: null };

  constructor(
    private readonly send: (changes: Changes) => Promise<void>,
    private readonly onState: (state: SaveState) => void,
    private readonly delayMs: number = AUTOSAVE_DELAY_MS,
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {}

  change(path: string, value: unknown): void {
    this.pending[path] = value;
    if (!this.inFlight) this.setState({ status: 'pending', error: null });
    this.schedule();
  }

  /** Saves what is pending now; resolves when the queue is empty or a save failed. */
  async flush(): Promise<void> {
    this.cancelTimer();
    if (this.inFlight) {
      await this.inFlight;
      // The batch in flight may have left newer changes behind; send those too.
      if (this.hasPending() && this.state.status !== 'error') return this.flush();
      return;
    }
    if (!this.hasPending()) return;
    const batch = this.pending;
    this.pending = {};
    this.setState({ status: 'saving', error: null });
    this.inFlight = this.send(batch).then(
      () => {
        this.inFlight = null;
        if (this.hasPending()) {
          this.setState({ status: 'pending', error: null });
          if (this.timer === null) void this.flush();
        } else {
          this.setState({ status: 'saved', error: null });
        }
      },
      (error: unknown) => {
        this.inFlight = null;
        this.pending = { ...batch, ...this.pending };
        this.setState({ status: 'error', error });
      },
    );
    return this.inFlight;
  }

  /** True while something typed has not reached the server. */
  hasUnsaved(): boolean {
    return this.hasPending() || this.inFlight !== null;
  }

  dispose(): void {
    this.cancelTimer();
  }

  private hasPending() {
    return Object.keys(this.pending).length > 0;
  }

  private schedule() {
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  private cancelTimer() {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private setState(state: SaveState) {
    this.state = state;
    this.onState(state);
  }
}
