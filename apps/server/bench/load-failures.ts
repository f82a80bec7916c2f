import type autocannon from 'autocannon';

/** How many different failed answers are kept, to say why a run failed. */
const BODIES_KEPT = 3;
/** How much of each kept answer is shown. */
const BODY_CHARS = 300;

type Request = autocannon.Request;

/**
 * What went wrong in one autocannon run: every answer's status, the errors of requests that
 * got none (timeouts among them), and the first few different failed answers. A figure with
 * failed requests is then refused with the reason (`429 × 2,037; first answers: 429
 * {"code":"request/too-many",…}`), not a bare count.
 */
export class LoadFailures {
  private readonly statuses = new Map<number, number>();
  private readonly errors = new Map<string, number>();
  private readonly bodies: string[] = [];

  /**
   * The run's requests with each answer recorded; a run given none gets one that takes the
   * run's own url, method, headers and body.
   */
  watch(requests: Request[] | undefined): Request[] {
    return (requests ?? [{}]).map((request) => {
      const own = request.onResponse;
      // A file path is autocannon's worker mode, which these runs never use.
      if (typeof own === 'string') throw new Error('onResponse must be a function here');
      return {
        ...request,
        onResponse: (status, body, context, headers) => {
          this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
          const answer = `${status} ${body.slice(0, BODY_CHARS)}`;
          if (status >= 300 && this.bodies.length < BODIES_KEPT && !this.bodies.includes(answer)) {
            this.bodies.push(answer);
          }
          own?.(status, body, context, headers);
        },
      };
    });
  }

  /** Follows the run's requests that got no answer (refused, reset, timed out). */
  follow(instance: autocannon.Instance): void {
    instance.on('reqError', (error: Error & { code?: string }) => {
      const name = error.code ?? error.message;
      this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
    });
  }

  /** The failures as one line: how many, of which status or error, and the first answers. */
  describe(result: Pick<autocannon.Result, 'non2xx' | 'errors'>): string {
    const count = (n: number) => n.toLocaleString('en-US');
    const parts = [
      ...[...this.statuses]
        .filter(([status]) => status < 200 || status >= 300)
        .map(([status, n]) => `${status} × ${count(n)}`),
      ...[...this.errors].map(([name, n]) => `${name} × ${count(n)}`),
    ];
    const failed = result.non2xx + result.errors;
    const answers = this.bodies.length > 0 ? `; first answers: ${this.bodies.join(' | ')}` : '';
    return `${count(failed)} failed requests (${parts.join(', ') || 'no detail'})${answers}`;
  }
}
