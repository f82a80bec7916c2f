import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { salePollScheduleJob } from './sale-detection.jobs';
import type { SalePollService } from './sale-poll.service';

describe('the sale poll schedule', () => {
  const due = [
    { connectionId: 'conn-a', accountId: 'acct-1' },
    { connectionId: 'conn-b', accountId: 'acct-1' },
  ];
  const polls = { due: async () => due } as unknown as SalePollService;
  const context = { jobId: 'j', retryCount: 0, logger: pino({ enabled: false }) };

  it('sends one poll per connection and minute, however often the schedule runs', async () => {
    const sent: { connectionId: string; id: string | undefined }[] = [];
    let now = Date.UTC(2026, 10, 26, 12, 0, 5);
    const job = salePollScheduleJob(
      polls,
      async (connection, options) => {
        sent.push({ connectionId: connection.connectionId, id: options?.id });
      },
      () => now,
    );
    await job.handler({}, context);
    now += 40_000; // the same minute
    await job.handler({}, context);
    now += 30_000; // the next minute
    await job.handler({}, context);

    expect(sent.map((s) => s.connectionId)).toEqual([
      'conn-a',
      'conn-b',
      'conn-a',
      'conn-b',
      'conn-a',
      'conn-b',
    ]);
    const ids = sent.map((s) => s.id);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[1]).toBe(ids[3]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[4]).not.toBe(ids[0]);
  });
});
