import { nextUploadState, type UploadTaskAction, type UploadTaskState } from '@listloop/domain';

/**
 * One photo on its way in: the spec's upload task (§4) while the bytes travel, then the
 * server's processing of the derivatives until the image record is ready.
 */
export interface UploadTask {
  /** Uppy's file id. */
  id: string;
  name: string;
  /** An object URL of the local file, shown until the server's thumbnail exists. */
  previewUrl: string | null;
  state: UploadTaskState;
  /** Tries so far; a retry after an error starts a new task (error is final in §4). */
  attempt: number;
  bytesUploaded: number;
  bytesTotal: number;
  phase: 'uploading' | 'processing' | 'failed';
  error: string | null;
  /** Why the server refused the upload, when it said so: a person can act on these two. */
  refusal: UploadRefusal | null;
  imageId: string | null;
  /** The photo a rotated copy takes the place of. */
  replaces: string | null;
}

export type UploadRefusal = 'tooLarge' | 'tooMany';

/** The refusal a failed upload's HTTP status names: 413 too large, 429 too many at once. */
export function uploadRefusalOf(status: number | undefined): UploadRefusal | null {
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'tooMany';
  return null;
}

export type UploadTaskEvent =
  | {
      type: 'add';
      task: Pick<UploadTask, 'id' | 'name' | 'previewUrl' | 'bytesTotal' | 'replaces'>;
    }
  | { type: 'progress'; id: string; bytesUploaded: number; bytesTotal: number }
  | {
      type: 'transition';
      id: string;
      action: UploadTaskAction;
      error?: string | null;
      refusal?: UploadRefusal | null;
    }
  | { type: 'processing'; id: string; imageId: string }
  | { type: 'processingFailed'; id: string; error: string | null }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string };

function update(tasks: UploadTask[], id: string, change: (task: UploadTask) => UploadTask) {
  let changed = false;
  const next = tasks.map((task) => {
    if (task.id !== id) return task;
    const updated = change(task);
    changed ||= updated !== task;
    return updated;
  });
  return changed ? next : tasks;
}

/** The uploader's tasks; every state change goes through the domain's nextUploadState. */
export function uploadTasksReducer(tasks: UploadTask[], event: UploadTaskEvent): UploadTask[] {
  switch (event.type) {
    case 'add':
      if (tasks.some((task) => task.id === event.task.id)) return tasks;
      return [
        ...tasks,
        {
          ...event.task,
          state: 'running',
          attempt: 1,
          bytesUploaded: 0,
          phase: 'uploading',
          error: null,
          refusal: null,
          imageId: null,
        },
      ];
    case 'progress':
      return update(tasks, event.id, (task) =>
        task.state === 'running' || task.state === 'pausing'
          ? { ...task, bytesUploaded: event.bytesUploaded, bytesTotal: event.bytesTotal }
          : task,
      );
    case 'transition':
      return update(tasks, event.id, (task) => {
        const state = nextUploadState(task.state, event.action);
        if (!state) return task;
        return {
          ...task,
          state,
          error: state === 'error' ? (event.error ?? null) : task.error,
          refusal: state === 'error' ? (event.refusal ?? null) : task.refusal,
          bytesUploaded: state === 'success' ? task.bytesTotal : task.bytesUploaded,
        };
      });
    case 'processing':
      return update(tasks, event.id, (task) =>
        task.state === 'success' ? { ...task, phase: 'processing', imageId: event.imageId } : task,
      );
    case 'processingFailed':
      return update(tasks, event.id, (task) => ({ ...task, phase: 'failed', error: event.error }));
    case 'retry':
      return update(tasks, event.id, (task) =>
        task.state === 'error' || task.phase === 'failed'
          ? {
              ...task,
              state: 'running',
              attempt: task.attempt + 1,
              bytesUploaded: 0,
              phase: 'uploading',
              error: null,
              refusal: null,
              imageId: null,
            }
          : task,
      );
    case 'remove':
      return tasks.some((task) => task.id === event.id)
        ? tasks.filter((task) => task.id !== event.id)
        : tasks;
  }
}

/** What a person may do with a task in its state: §4's allowed moves, plus retry and dismiss. */
export function taskControls(task: UploadTask): {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  retry: boolean;
  dismiss: boolean;
} {
  const uploading = task.phase === 'uploading';
  return {
    pause: uploading && nextUploadState(task.state, 'pause') !== null,
    resume: uploading && nextUploadState(task.state, 'resume') !== null,
    // A paused upload is resumed and then cancelled: §4 cancels only from running or pausing.
    cancel:
      uploading && (nextUploadState(task.state, 'cancel') !== null || task.state === 'paused'),
    retry: task.state === 'error' || task.phase === 'failed',
    dismiss: task.state === 'error' || task.phase === 'failed',
  };
}

/** Overall progress of a task from 0 to 1. */
export function taskProgress(task: UploadTask): number {
  if (task.bytesTotal <= 0) return 0;
  return Math.min(1, task.bytesUploaded / task.bytesTotal);
}
