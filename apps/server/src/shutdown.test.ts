import type { Server } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { shutDown, type ShutdownParts } from './shutdown';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The parts of a process, each writing what happened to it (and when) to one list. */
function parts(options: { httpTakesMs: number; jobsTakeMs: number }) {
  const started = Date.now();
  const steps: string[] = [];
  const at = (step: string) => steps.push(`${step}@${Math.round((Date.now() - started) / 100)}`);
  let finishHttp: () => void = () => undefined;
  const server = {
    closeIdleConnections: () => undefined,
    closeAllConnections: () => {
      at('http cut');
      finishHttp();
    },
  } as unknown as Server;
  const given: ShutdownParts = {
    logger: pino({ level: 'silent' }),
    beginStopping: () => at('readiness 503'),
    timeoutMs: 2500,
    delayMs: 300,
    http: {
      server,
      close: () => {
        at('http closing');
        return new Promise<void>((resolve) => {
          finishHttp = () => {
            at('http closed');
            resolve();
          };
          setTimeout(finishHttp, options.httpTakesMs);
        });
      },
    },
    stopQueue: async ({ timeoutMs }) => {
      at(
        `jobs stopping (${timeoutMs > 1000 && timeoutMs <= 1500 ? 'until the deadline' : timeoutMs})`,
      );
      await wait(Math.min(options.jobsTakeMs, timeoutMs));
      at('jobs stopped');
    },
    releaseHeld: async () => {
      at('leases released');
      return 2;
    },
    ops: { close: async () => void at('ops closed') },
    closeContainer: async () => void at('container closed'),
  };
  return { given, steps };
}

describe('shutting down', () => {
  it('stops taking work at once, serves through the delay, waits for work, then closes', async () => {
    const { given, steps } = parts({ httpTakesMs: 100, jobsTakeMs: 50 });
    const report = await shutDown(given);
    expect(report).toMatchObject({ httpFinished: true, released: 2 });
    expect(steps.map((step) => step.split('@')[0])).toEqual([
      'readiness 503',
      'jobs stopping (until the deadline)',
      'jobs stopped',
      'http closing',
      'http closed',
      'leases released',
      'ops closed',
      'container closed',
    ]);
    // Connections were still taken through the delay.
    expect(steps.find((step) => step.startsWith('http closing'))).toMatch(/@[3-5]$/);
  });

  it('cuts the connections still open at the deadline, and hands the leases back', async () => {
    const { given, steps } = parts({ httpTakesMs: 10_000, jobsTakeMs: 10_000 });
    const started = Date.now();
    const report = await shutDown(given);
    expect(report).toMatchObject({ httpFinished: false, released: 2 });
    // The deadline (2.5 s) less the second kept to close: everything is done by then.
    expect(Date.now() - started).toBeLessThan(2300);
    const names = steps.map((step) => step.split('@')[0]);
    expect(names.slice(0, 3)).toEqual([
      'readiness 503',
      'jobs stopping (until the deadline)',
      'http closing',
    ]);
    expect(names.slice(3, 6).sort()).toEqual(['http closed', 'http cut', 'jobs stopped']);
    expect(names.slice(6)).toEqual(['leases released', 'ops closed', 'container closed']);
  });
});
