import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** Which of the package's models runs (decision 0051: `small`, measured against `medium`). */
export type RemovalModelName = 'small' | 'medium';

export interface RemovalOutcome {
  /** The cut-out, a PNG with transparency, the size of the picture given. */
  png: Buffer;
  /** How long the model process took over this picture. */
  ms: number;
  /** The model process's peak resident memory so far, in bytes. */
  peakRss: number;
}

/** The model process stopped or refused the picture; a later try may go through. */
export class ModelProcessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelProcessError';
  }
}

type Answer =
  | { id: number; ok: true; png: Uint8Array; peakRss: number }
  | { id: number; ok: false; message: string; peakRss: number };

const PROCESS_FILE = fileURLToPath(new URL('./model-process.mjs', import.meta.url));

/**
 * Runs the background-removal model in a child process this object owns: started on the first
 * picture (the model and onnxruntime take 1.1–1.8 GB), one picture at a time, stopped after
 * `idleMs` without work so a server that removed one background does not hold that memory all
 * day, and stopped by `close`. A child that dies fails the picture it had (the job retries) and
 * the next picture starts a new one.
 */
export class BackgroundRemovalModel {
  private child: ChildProcess | null = null;
  private pending: {
    id: number;
    started: number;
    resolve: (outcome: RemovalOutcome) => void;
    reject: (error: Error) => void;
  } | null = null;
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** How long the last picture took, for the progress estimate of the next. */
  lastMs: number | null = null;

  constructor(
    readonly model: RemovalModelName,
    private readonly logger: Logger,
    private readonly idleMs = 120_000,
  ) {}

  /** Whether the model is loaded now (the next picture skips the load). */
  get warm(): boolean {
    return this.child !== null && this.lastMs !== null;
  }

  /** Removes the background of one picture (JPEG or PNG bytes), after the pictures before it. */
  remove(bytes: Buffer, mimeType: 'image/jpeg' | 'image/png'): Promise<RemovalOutcome> {
    const run = this.turn.then(() => this.runOne(bytes, mimeType));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private runOne(bytes: Buffer, mimeType: string): Promise<RemovalOutcome> {
    if (this.closed) return Promise.reject(new ModelProcessError('The model is closed.'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<RemovalOutcome>((resolve, reject) => {
      this.pending = { id, started: Date.now(), resolve, reject };
      child.send({ id, bytes: new Uint8Array(bytes), mimeType, model: this.model });
    }).finally(() => {
      this.pending = null;
      this.scheduleIdleStop();
    });
  }

  private start(): ChildProcess {
    const child = fork(PROCESS_FILE, [], {
      // No loaders of the parent (tsx, vitest): the file is plain JavaScript.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (answer: Answer) => {
      const pending = this.pending;
      if (!pending || pending.id !== answer.id) return;
      if (answer.ok) {
        const ms = Date.now() - pending.started;
        this.lastMs = ms;
        pending.resolve({ png: Buffer.from(answer.png), ms, peakRss: answer.peakRss });
      } else {
        pending.reject(new ModelProcessError(answer.message));
      }
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      this.lastMs = null;
      if (this.pending) {
        this.logger.warn({ code, signal, stderr }, 'background-removal model process stopped');
        this.pending.reject(
          new ModelProcessError(`The model process stopped (${signal ?? `exit ${code}`}).`),
        );
      }
    });
    this.child = child;
    return child;
  }

  private scheduleIdleStop() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stopChild(), this.idleMs);
    this.idleTimer.unref();
  }

  private stopChild(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.lastMs = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Stops the model process; a picture it had fails. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.stopChild();
  }
}
