import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';

/** A server process as a deployment runs one: `node --import tsx src/main.ts` in a role. */
export interface ServerProcess {
  role: 'api' | 'worker' | 'all';
  pid: number;
  /** Where an API (or all-in-one) process answers; null for a worker. */
  url: string | null;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Stops it with `signal` (SIGTERM by default) and waits for the exit; nothing if gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A port free on 127.0.0.1 now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as net.AddressInfo) ?? { port: 0 };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server in its own process in `role` with `env` (which must name the
 * database), and answers once it is ready: an API when /api/health answers 200, a worker when
 * it logs that it started (its log level is raised to info for that). `onLine` is told every
 * line the process writes to stdout; `entry` runs another entry than src/main.ts (the bench's
 * servers with stand-in connectors).
 */
export async function startServerProcess(options: {
  role: 'api' | 'worker' | 'all';
  env: Record<string, string>;
  entry?: string;
  onLine?: (line: string) => void;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const { role } = options;
  const port = role === 'worker' ? 0 : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...options.env,
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(role === 'worker' ? { LOG_LEVEL: 'info' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let started = false;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!started && line.includes('"worker started"')) started = true;
      options.onLine?.(line);
    }
  });
  const url = role === 'worker' ? null : `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the ${role} process exited (${child.exitCode}) before it was ready: ${stderr}`,
      );
    }
    if (url) {
      const healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
    } else if (started) {
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${role} process was not ready in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    role,
    pid: child.pid!,
    url,
    child,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
