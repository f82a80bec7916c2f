import { describe, expect, it } from 'vitest';
import { accountOf, splitTrace, withTrace } from './job-envelope';

describe("a job's envelope", () => {
  const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('carries the trace beside the payload, and gives the schema the payload alone', () => {
    const stored = withTrace({ operationId: 'op-1', accountId: 'acc-1' }, traceparent);
    expect(splitTrace(stored)).toEqual({
      data: { operationId: 'op-1', accountId: 'acc-1' },
      traceparent,
    });
  });

  it('leaves data without a trace as it is', () => {
    const data = { operationId: 'op-1' };
    expect(withTrace(data, null)).toBe(data);
    expect(splitTrace(data)).toEqual({ data, traceparent: null });
    expect(splitTrace(null)).toEqual({ data: null, traceparent: null });
    expect(splitTrace([1, 2])).toEqual({ data: [1, 2], traceparent: null });
  });

  it('names the account a payload works for, when it names one', () => {
    expect(accountOf({ accountId: 'acc-1', other: 1 })).toBe('acc-1');
    expect(accountOf({ accountId: '' })).toBeNull();
    expect(accountOf({})).toBeNull();
    expect(accountOf('text')).toBeNull();
  });
});
