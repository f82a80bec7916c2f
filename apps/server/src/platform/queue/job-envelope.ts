/**
 * The key a job's data carries its sender's trace under (a W3C `traceparent`), beside the
 * payload its schema reads: pg-boss jobs have no headers, and the schemas are strict, so the
 * queue adds it when sending and takes it off before the schema sees the data.
 */
const TRACE_KEY = '__traceparent';

/** The data to store for a parsed payload: the payload, and the trace when there is one. */
export function withTrace(data: object, traceparent: string | null): object {
  return traceparent && !Array.isArray(data) ? { ...data, [TRACE_KEY]: traceparent } : data;
}

/** A stored job's data as its schema expects it, and the trace it was sent from (if any). */
export function splitTrace(stored: unknown): { data: unknown; traceparent: string | null } {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored) || !(TRACE_KEY in stored)) {
    return { data: stored, traceparent: null };
  }
  const { [TRACE_KEY]: traceparent, ...data } = stored as Record<string, unknown>;
  return { data, traceparent: typeof traceparent === 'string' ? traceparent : null };
}

/** The account a job works for, when its payload names one: its log lines carry it. */
export function accountOf(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const accountId = (payload as { accountId?: unknown }).accountId;
  return typeof accountId === 'string' && accountId !== '' ? accountId : null;
}
