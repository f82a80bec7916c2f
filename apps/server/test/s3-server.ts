import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface S3Server {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style addressing). */
  endpoint: string;
  /** The bucket made at start. */
  bucket: string;
  /** s3rver's keys: it refuses any other access key id. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Every request it was sent, as "METHOD path?query", up to the last `settled()`. */
  requests: string[];
  /** Resolves once every request answered so far is in `requests`. */
  settled(): Promise<void>;
  /** A new, empty bucket (each test its own key space). */
  createBucket(name: string): Promise<void>;
  /** A server's environment for STORAGE=s3 on this bucket (or another one). */
  env(bucket?: string): Record<string, string>;
  close(): Promise<void>;
}

const CHILD = path.join(import.meta.dirname, 's3-server.child.mjs');

type ChildMessage = { port: number } | { request: string } | { done: number };

/**
 * s3rver 3.7 (the npm package: the S3 REST API over objects on disk) in a child process on
 * loopback, a random port and a temporary directory removed at close. What it checks: the
 * bucket exists, the access key id is its own (S3RVER) on a signed request, a presigned URL's
 * expiry; what it does not: the SigV4 signature itself, versioning.
 */
export async function startS3Server(bucket = 'listloop-test'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-s3-'));
  const child: ChildProcess = fork(CHILD, [directory, bucket], {
    execArgv: ['--openssl-legacy-provider', '--no-warnings'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const requests: string[] = [];
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited at start (${code})`)));
    child.on('message', (message: ChildMessage) => {
      if ('port' in message) resolve(message.port);
      else if ('request' in message) requests.push(message.request);
      else waiting.get(message.done)?.();
    });
  });
  const ask = (message: Record<string, unknown>) =>
    new Promise<void>((resolve) => {
      const id = ++nextId;
      waiting.set(id, () => {
        waiting.delete(id);
        resolve();
      });
      child.send({ ...message, id });
    });

  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    requests,
    settled: () => ask({}),
    createBucket: (name) => ask({ createBucket: name }),
    env: (name = bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: name,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
