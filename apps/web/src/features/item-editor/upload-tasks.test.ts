import { describe, expect, it } from 'vitest';
import {
  taskControls,
  taskProgress,
  uploadRefusalOf,
  uploadTasksReducer,
  type UploadTask,
  type UploadTaskEvent,
} from './upload-tasks';

const add: UploadTaskEvent = {
  type: 'add',
  task: { id: 'f1', name: 'shoe.jpg', previewUrl: null, bytesTotal: 1000, replaces: null },
};
const run = (events: UploadTaskEvent[], from: UploadTask[] = []) =>
  events.reduce(uploadTasksReducer, from);
const only = (tasks: UploadTask[]) => tasks[0]!;

describe('upload tasks', () => {
  it('start running and track progress', () => {
    const tasks = run([add, { type: 'progress', id: 'f1', bytesUploaded: 250, bytesTotal: 1000 }]);
    expect(only(tasks)).toMatchObject({ state: 'running', attempt: 1, phase: 'uploading' });
    expect(taskProgress(only(tasks))).toBe(0.25);
  });

  it('pause through pausing to paused, and resume', () => {
    const pausing = run([add, { type: 'transition', id: 'f1', action: 'pause' }]);
    expect(only(pausing).state).toBe('pausing');
    const paused = run([{ type: 'transition', id: 'f1', action: 'paused' }], pausing);
    expect(only(paused).state).toBe('paused');
    expect(taskControls(only(paused))).toMatchObject({ pause: false, resume: true, cancel: true });
    expect(only(run([{ type: 'transition', id: 'f1', action: 'resume' }], paused)).state).toBe(
      'running',
    );
  });

  it('cancel through canceling to canceled', () => {
    const tasks = run([
      add,
      { type: 'transition', id: 'f1', action: 'cancel' },
      { type: 'transition', id: 'f1', action: 'canceled' },
    ]);
    expect(only(tasks).state).toBe('canceled');
    expect(taskControls(only(tasks))).toMatchObject({ pause: false, resume: false, cancel: false });
  });

  it('ignore moves the state machine does not allow', () => {
    const paused = run([
      add,
      { type: 'transition', id: 'f1', action: 'pause' },
      { type: 'transition', id: 'f1', action: 'paused' },
    ]);
    // Pause only from running; success and error only from running (or pausing for error).
    expect(run([{ type: 'transition', id: 'f1', action: 'pause' }], paused)).toBe(paused);
    expect(run([{ type: 'transition', id: 'f1', action: 'succeed' }], paused)).toBe(paused);
  });

  it('keep why the server refused an upload, and a retry forgets it', () => {
    expect(uploadRefusalOf(413)).toBe('tooLarge');
    expect(uploadRefusalOf(429)).toBe('tooMany');
    expect(uploadRefusalOf(500)).toBeNull();
    expect(uploadRefusalOf(undefined)).toBeNull();
    const refused = run([
      add,
      { type: 'transition', id: 'f1', action: 'fail', error: 'boom', refusal: 'tooLarge' },
    ]);
    expect(only(refused)).toMatchObject({ state: 'error', refusal: 'tooLarge' });
    expect(only(run([{ type: 'retry', id: 'f1' }], refused)).refusal).toBeNull();
  });

  it('keep the error, and a retry is a new attempt from the start', () => {
    const failed = run([
      add,
      { type: 'progress', id: 'f1', bytesUploaded: 600, bytesTotal: 1000 },
      { type: 'transition', id: 'f1', action: 'fail', error: 'Network down' },
    ]);
    expect(only(failed)).toMatchObject({ state: 'error', error: 'Network down' });
    expect(taskControls(only(failed))).toMatchObject({ retry: true, dismiss: true, pause: false });
    // error is final: no transition leaves it.
    expect(run([{ type: 'transition', id: 'f1', action: 'resume' }], failed)).toBe(failed);
    const retried = run([{ type: 'retry', id: 'f1' }], failed);
    expect(only(retried)).toMatchObject({
      state: 'running',
      attempt: 2,
      bytesUploaded: 0,
      error: null,
    });
  });

  it('go on to processing after success, and may fail there', () => {
    const done = run([
      add,
      { type: 'transition', id: 'f1', action: 'succeed' },
      { type: 'processing', id: 'f1', imageId: 'img1' },
    ]);
    expect(only(done)).toMatchObject({ state: 'success', phase: 'processing', imageId: 'img1' });
    expect(taskProgress(only(done))).toBe(1);
    const failed = run([{ type: 'processingFailed', id: 'f1', error: null }], done);
    expect(taskControls(only(failed)).retry).toBe(true);
  });

  it('add a file once and remove it', () => {
    const tasks = run([add, add]);
    expect(tasks).toHaveLength(1);
    expect(run([{ type: 'remove', id: 'f1' }], tasks)).toEqual([]);
  });
});
