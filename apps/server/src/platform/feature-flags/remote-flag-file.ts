import type { Logger } from 'pino';
import { REMOTE_FLAGS_REFRESH_MS, REMOTE_FLAGS_TIMEOUT_MS } from '@listloop/domain';
import { z } from 'zod';

/** The remote flag file: `{ "flagName": true, … }` or `{ "flags": { … } }`. */
const FlagFileSchema = z.union([
  z.object({ flags: z.record(z.string(), z.boolean()) }).transform((file) => file.flags),
  z.record(z.string(), z.boolean()),
]);

/**
 * Spec §6/§9: flags from a remote JSON datafile, fetched within 5 s and refreshed every
 * 15 minutes. A failed fetch keeps the last good copy and logs a warning.
 */
export class RemoteFlagFile {
  private flags: Record<string, boolean> = {};
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string | null,
    private readonly logger: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get current(): Record<string, boolean> {
    return this.flags;
  }

  async start(): Promise<void> {
    if (!this.url) return;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REMOTE_FLAGS_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async refresh(): Promise<void> {
    if (!this.url) return;
    try {
      const response = await this.fetchImpl(this.url, {
        signal: AbortSignal.timeout(REMOTE_FLAGS_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`flag file answered ${response.status}`);
      this.flags = FlagFileSchema.parse(await response.json());
    } catch (error) {
      this.logger.warn(
        { err: error, url: this.url },
        'Remote feature-flag file could not be loaded',
      );
    }
  }
}
