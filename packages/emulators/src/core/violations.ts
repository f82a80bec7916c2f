/**
 * A request the real marketplace would refuse (a connector bug), or an answer of the emulator
 * that its API description does not allow (an emulator bug). Tests assert there are none after
 * a correct scenario, and at least one after a deliberately wrong request.
 */
export interface Violation {
  direction: 'request' | 'response';
  /** The API (or part of the emulator) that saw it: 'sell.inventory', 'oauth' … */
  api: string;
  operationId: string | null;
  method: string;
  path: string;
  /** The status answered, for response violations. */
  status: number | null;
  messages: string[];
  at: number;
}

export class ViolationLog {
  private readonly entries: Violation[] = [];

  record(violation: Violation): void {
    this.entries.push(violation);
  }

  list(): readonly Violation[] {
    return this.entries;
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** One line per violation, for a test's failure message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.direction} ${v.method} ${v.path} (${v.api}${v.operationId ? ` ${v.operationId}` : ''}${
          v.status === null ? '' : ` → ${v.status}`
        }): ${v.messages.join('; ')}`,
    )
    .join('\n');
}
