import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../test/database';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const TOKEN = 'shutdown-test-metrics-token';
const TIMEOUT_SECONDS = 10;

/** A request whose body arrives in two parts: in flight until the test sends the rest. */
function slowRequest(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(4000) });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/rest/v1/auth/session_login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 100));
  return { answer, finish: () => request.end(body.slice(100)) };
}

/** Status of a GET on a new connection, or null when the connection is refused. */
async function statusOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { headers: { connection: 'close' } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not in time; last: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * SIGTERM to the real server process (`node --import tsx apps/server/src/main.ts`): readiness
 * answers 503 at once (on the API's port and the operators' own), the process keeps serving
 * through SHUTDOWN_DELAY_SECONDS, then takes no new connection; a request under way is
 * answered, and the process exits 0 well within SHUTDOWN_TIMEOUT_SECONDS.
 */
describe('graceful shutdown of the server process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let child: ChildProcess | null = null;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function environment(): Promise<Record<string, string>> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-shutdown-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      MARKETPLACES: 'live',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: '0',
      SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      SHUTDOWN_DELAY_SECONDS: '1',
    };
    if (testDatabaseKind() === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    return env;
  }

  it('finishes the request under way, answers 503 when ready is asked, and exits 0', async () => {
    const env = await environment();
    const process_ = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = process_;
    let stdout = '';
    let stderr = '';
    process_.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => process_.once('exit', resolve));
    const { apiPort, opsPort } = await new Promise<{ apiPort: number; opsPort: number }>(
      (resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the server did not start: ${stderr}`)),
          50_000,
        );
        process_.stdout!.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const api = /ListLoop is running at http:\/\/localhost:(\d+)/.exec(stdout);
          const ops = /"port":(\d+),"msg":"metrics and health listening"/.exec(stdout);
          if (api && ops) {
            clearTimeout(timer);
            resolve({ apiPort: Number(api[1]), opsPort: Number(ops[1]) });
          }
        });
        process_.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`the server exited (${code}) before it started: ${stderr}`));
        });
      },
    );
    const api = `http://127.0.0.1:${apiPort}`;
    const ops = `http://127.0.0.1:${opsPort}`;
    expect(await statusOf(`${api}/api/health/ready`)).toBe(200);
    expect(await statusOf(`${ops}/api/health/ready`)).toBe(200);

    const slow = slowRequest(apiPort);
    // The request is under way once the server has read its first bytes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalled = Date.now();
    process_.kill('SIGTERM');

    // At once: not ready, on both ports, while still alive and serving.
    await until(
      () => statusOf(`${api}/api/health/ready`),
      (status) => status === 503,
      2000,
    );
    expect(await statusOf(`${ops}/api/health/ready`)).toBe(503);
    expect(await statusOf(`${api}/api/health`)).toBe(200);
    // After the delay: no new connection is taken.
    await until(
      () => statusOf(`${api}/api/health`),
      (status) => status === null,
      5000,
    );
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);

    // The request under way is still answered.
    slow.finish();
    const answer = await slow.answer;
    expect([400, 401]).toContain(answer.status);

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(TIMEOUT_SECONDS * 1000);
    const stopped = JSON.parse(
      stdout.split('\n').find((line) => line.includes('"msg":"stopped"')) ?? '{}',
    ) as { httpFinished?: boolean; ms?: number };
    // Nothing was left to wait for: done a little after the delay, far from the deadline.
    expect(stopped.httpFinished).toBe(true);
    expect(stopped.ms).toBeLessThan(5000);
  }, 90_000);
});
