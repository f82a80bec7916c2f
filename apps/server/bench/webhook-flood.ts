/**
 * The webhook flood: anonymous 4.9 MB bodies (deeply nested arrays, the costliest
 * JSON) posted to /webhook/shopify and /webhook/depop, 20 at a time to each, wave after wave,
 * from a separate process, while this process asks /api/health one request after another. The
 * figures are health's latency alone and during the flood, and how many flood bodies the server
 * turned away per second. The server runs with the refusal and public limits raised, so every
 * body meets the size cap (as a flood from many addresses would), not the per-address 429.
 */
import { spawn } from 'node:child_process';

export const WEBHOOK_FLOOD_ENV = {
  SHOPIFY_CLIENT_ID: 'bench-flood-client',
  SHOPIFY_CLIENT_SECRET: 'bench-flood-secret',
  DEPOP_WEBHOOK_SECRET: 'whsec_bench-flood-secret',
  WEBHOOK_REFUSALS_PER_IP: '100000000',
  PUBLIC_MAX_PER_IP: '100000000',
};

const BODY_BYTES = Math.round(4.9 * 1024 * 1024);
const AT_ONCE = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Runs in the child process: waves of posts until the time is up; prints the statuses seen. */
const FLOOD_SCRIPT = `
const http = require('node:http');
const [baseUrl, bytes, atOnce, seconds] = process.argv.slice(1);
const half = Math.floor(Number(bytes) / 2);
const body = Buffer.concat([Buffer.alloc(half, '['), Buffer.alloc(half, ']')]);
const statuses = {};
const one = (path) => new Promise((resolve) => {
  let done = false;
  const finish = (status) => { if (!done) { done = true; statuses[status] = (statuses[status] || 0) + 1; resolve(); } };
  const request = http.request(new URL(path, baseUrl), {
    method: 'POST', agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  }, (response) => { response.resume(); response.on('end', () => finish(response.statusCode)); });
  request.on('error', () => finish('error'));
  request.end(body);
});
(async () => {
  const until = Date.now() + Number(seconds) * 1000;
  while (Date.now() < until) {
    await Promise.all(['/webhook/shopify', '/webhook/depop'].flatMap((path) =>
      Array.from({ length: Number(atOnce) }, () => one(path))));
  }
  process.stdout.write(JSON.stringify(statuses));
})();
`;

async function healthTimes(baseUrl: string, keepGoing: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (keepGoing()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status} during the flood`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function at(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function benchWebhookFlood(
  baseUrl: string,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
): Promise<void> {
  let asked = 0;
  const alone = await healthTimes(baseUrl, () => asked++ < 200);
  add({ name: 'health alone p50', value: at(alone, 50), unit: 'ms' });

  const child = spawn(
    process.execPath,
    ['-e', FLOOD_SCRIPT, baseUrl, String(BODY_BYTES), String(AT_ONCE), String(SECONDS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let flooding = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      flooding = false;
      resolve();
    }),
  );
  const during = await healthTimes(baseUrl, () => flooding);
  await exited;
  const statuses = JSON.parse(output || '{}') as Record<string, number>;
  const refused = statuses['413'] ?? 0;
  const other = Object.entries(statuses).filter(([status]) => status !== '413');
  if (other.length > 0) console.log(`  flood answers other than 413: ${JSON.stringify(other)}`);

  const label = `health during a flood of 4.9 MB anonymous webhooks (${AT_ONCE * 2} at a time)`;
  add({ name: `${label} p50`, value: at(during, 50), unit: 'ms' });
  add({ name: `${label} p95`, value: at(during, 95), unit: 'ms' });
  add({ name: `${label} max`, value: at(during, 100), unit: 'ms', target: '< 1 s' });
  add({ name: 'flood webhooks refused (413) per second', value: refused / SECONDS, unit: 'req/s' });
}
