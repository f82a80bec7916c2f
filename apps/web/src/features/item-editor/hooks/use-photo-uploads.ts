import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_UPLOAD_PATH,
  isAcceptedImageType,
  MAX_IMAGE_UPLOAD_BYTES,
  type Image,
} from '@listloop/domain';
import Uppy from '@uppy/core';
import Tus, { type TusBody } from '@uppy/tus';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchUploadedImage } from '../api/item-editor.api';
import { PhotoOrder } from '../photo-order';
import { rotatedCopy } from '../rotate-image';
import { imageIdFromUppyResponse } from '../upload-adapter';
import {
  taskControls,
  uploadRefusalOf,
  uploadTasksReducer,
  type UploadTask,
} from '../upload-tasks';

type PhotoMeta = { filename: string; filetype: string };
type PhotoUppy = Uppy<PhotoMeta, TusBody>;

export const PHOTO_TYPES: readonly string[] = ACCEPTED_IMAGE_TYPES;
export const PHOTO_MAX_MEGABYTES = MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024);
/** Big enough to be quick, small enough that a dropped connection loses little. */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
const PROCESSING_POLL_MS = 1000;
const PROCESSING_TIMEOUT_MS = 120_000;

export type PhotoRejection = 'tooMany' | 'type' | 'size' | 'duplicate';

interface PhotoUploadOptions {
  /**
   * A finished photo, ready to join the item: in the place of `replaces` (a rotation), else
   * before the photos of `before` (those picked after it that arrived first).
   */
  onImageReady: (
    image: Image,
    where: { replaces: string | null; before: ReadonlySet<string> },
  ) => void;
  /** How many more photos the item can take. */
  room: () => number;
  onRejected: (reason: PhotoRejection, fileName: string) => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

function errorMessage(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/**
 * Resumable photo uploads over tus (Uppy), each file a task of the spec's state machine, then
 * polled until the server has made its derivatives. Retry after an error is a new attempt.
 */
export function usePhotoUploads({ onImageReady, room, onRejected }: PhotoUploadOptions) {
  const [tasks, dispatch] = useReducer(uploadTasksReducer, []);
  const uppyRef = useRef<PhotoUppy | null>(null);
  const tasksRef = useRef(tasks);
  const replaces = useRef(new Map<string, string>());
  const previews = useRef(new Map<string, string>());
  const order = useRef(new PhotoOrder());
  const callbacks = useRef({ onImageReady, room, onRejected });
  useEffect(() => {
    tasksRef.current = tasks;
    callbacks.current = { onImageReady, room, onRejected };
  });

  const forget = useCallback((fileId: string) => {
    const preview = previews.current.get(fileId);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(fileId);
    replaces.current.delete(fileId);
    order.current.forget(fileId);
    dispatch({ type: 'remove', id: fileId });
  }, []);

  useEffect(() => {
    const aborts = new AbortController();
    const uppy: PhotoUppy = new Uppy<PhotoMeta, TusBody>({
      autoProceed: true,
      allowMultipleUploadBatches: true,
      restrictions: { maxFileSize: MAX_IMAGE_UPLOAD_BYTES, allowedFileTypes: [...PHOTO_TYPES] },
    }).use(Tus, {
      endpoint: IMAGE_UPLOAD_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000],
      limit: 3,
      allowedMetaFields: ['filename', 'filetype'],
      removeFingerprintOnSuccess: true,
    });
    uppyRef.current = uppy;

    const waitUntilReady = async (fileId: string, imageId: string) => {
      const started = Date.now();
      try {
        for (;;) {
          const answer = await fetchUploadedImage(imageId, aborts.signal);
          if (answer.status === 'ready' && answer.image) {
            callbacks.current.onImageReady(answer.image, {
              replaces: replaces.current.get(fileId) ?? null,
              before: order.current.ready(fileId, answer.image.id),
            });
            forget(fileId);
            if (uppy.getFile(fileId)) uppy.removeFile(fileId);
            return;
          }
          if (answer.status === 'failed')
            throw new Error(answer.failureReason ?? 'processing failed');
          if (Date.now() - started > PROCESSING_TIMEOUT_MS) throw new Error('processing timed out');
          await sleep(PROCESSING_POLL_MS, aborts.signal);
        }
      } catch (error) {
        if (aborts.signal.aborted) return;
        dispatch({ type: 'processingFailed', id: fileId, error: errorMessage(error) });
      }
    };

    uppy.on('upload-progress', (file, progress) => {
      if (!file) return;
      dispatch({
        type: 'progress',
        id: file.id,
        bytesUploaded: progress.bytesUploaded,
        bytesTotal: progress.bytesTotal ?? file.size ?? 0,
      });
    });
    uppy.on('upload-pause', (file, isPaused) => {
      if (file && isPaused) dispatch({ type: 'transition', id: file.id, action: 'paused' });
    });
    uppy.on('upload-error', (file, error, response) => {
      if (!file) return;
      dispatch({
        type: 'transition',
        id: file.id,
        action: 'fail',
        error: errorMessage(error),
        refusal: uploadRefusalOf(response?.status),
      });
    });
    uppy.on('upload-success', (file, response) => {
      if (!file) return;
      dispatch({ type: 'transition', id: file.id, action: 'succeed' });
      const imageId = imageIdFromUppyResponse(response);
      if (!imageId) {
        dispatch({ type: 'processingFailed', id: file.id, error: null });
        return;
      }
      dispatch({ type: 'processing', id: file.id, imageId });
      void waitUntilReady(file.id, imageId);
    });
    uppy.on('file-removed', (file) => {
      const task = tasksRef.current.find((candidate) => candidate.id === file.id);
      if (task?.state === 'canceling') {
        dispatch({ type: 'transition', id: file.id, action: 'canceled' });
        forget(file.id);
      }
    });

    const previewMap = previews.current;
    return () => {
      aborts.abort();
      uppy.destroy();
      uppyRef.current = null;
      for (const url of previewMap.values()) URL.revokeObjectURL(url);
      previewMap.clear();
    };
  }, [forget]);

  /** `place`: where a file sent again was picked, so it keeps its place among the photos. */
  const addFiles = useCallback(
    (files: readonly File[], replacing: string | null = null, place?: number) => {
      const uppy = uppyRef.current;
      if (!uppy) return;
      const waiting = tasksRef.current.filter((task) => !task.replaces && task.phase !== 'failed');
      let room = replacing ? Number.POSITIVE_INFINITY : callbacks.current.room() - waiting.length;
      for (const file of files) {
        if (!isAcceptedImageType(file.type)) {
          callbacks.current.onRejected('type', file.name);
          continue;
        }
        if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
          callbacks.current.onRejected('size', file.name);
          continue;
        }
        if (room <= 0) {
          callbacks.current.onRejected('tooMany', file.name);
          continue;
        }
        let id: string;
        try {
          id = uppy.addFile({
            name: file.name,
            type: file.type,
            data: file,
            source: 'item-editor',
            meta: { filename: file.name, filetype: file.type },
          });
        } catch {
          callbacks.current.onRejected('duplicate', file.name);
          continue;
        }
        room -= 1;
        const previewUrl = URL.createObjectURL(file);
        previews.current.set(id, previewUrl);
        if (replacing) replaces.current.set(id, replacing);
        else order.current.picked(id, place);
        const task = {
          id,
          name: file.name,
          previewUrl,
          bytesTotal: file.size,
          replaces: replacing,
        };
        dispatch({ type: 'add', task });
        // Counted at once, so a second drop before the next render sees this file's place taken.
        tasksRef.current = uploadTasksReducer(tasksRef.current, { type: 'add', task });
      }
    },
    [],
  );

  const find = (fileId: string) => tasksRef.current.find((task) => task.id === fileId);

  const pause = useCallback((fileId: string) => {
    const task = find(fileId);
    if (!task || !taskControls(task).pause) return;
    dispatch({ type: 'transition', id: fileId, action: 'pause' });
    if (!uppyRef.current?.getFile(fileId)?.isPaused) uppyRef.current?.pauseResume(fileId);
  }, []);

  const resume = useCallback((fileId: string) => {
    const task = find(fileId);
    if (!task || !taskControls(task).resume) return;
    dispatch({ type: 'transition', id: fileId, action: 'resume' });
    if (uppyRef.current?.getFile(fileId)?.isPaused) uppyRef.current.pauseResume(fileId);
  }, []);

  const cancel = useCallback((fileId: string) => {
    const task = find(fileId);
    if (!task || !taskControls(task).cancel) return;
    if (task.state === 'paused') dispatch({ type: 'transition', id: fileId, action: 'resume' });
    dispatch({ type: 'transition', id: fileId, action: 'cancel' });
    // The reducer has not run yet when file-removed fires synchronously; mark it for the handler.
    tasksRef.current = tasksRef.current.map((candidate) =>
      candidate.id === fileId ? { ...candidate, state: 'canceling' } : candidate,
    );
    uppyRef.current?.removeFile(fileId);
  }, []);

  const retry = useCallback(
    (fileId: string) => {
      const task = find(fileId);
      const uppy = uppyRef.current;
      if (!task || !uppy || !taskControls(task).retry) return;
      if (task.state === 'error') {
        dispatch({ type: 'retry', id: fileId });
        void uppy.retryUpload(fileId);
        return;
      }
      // The bytes arrived but the server could not use them: send the file again, anew.
      const data = uppy.getFile(fileId)?.data;
      const replacing = task.replaces;
      const place = order.current.placeOf(fileId);
      if (uppy.getFile(fileId)) uppy.removeFile(fileId);
      forget(fileId);
      if (data instanceof File) addFiles([data], replacing, place);
    },
    [addFiles, forget],
  );

  const dismiss = useCallback(
    (fileId: string) => {
      const task = find(fileId);
      if (!task || !taskControls(task).dismiss) return;
      if (uppyRef.current?.getFile(fileId)) uppyRef.current.removeFile(fileId);
      forget(fileId);
    },
    [forget],
  );

  const rotate = useCallback(
    async (image: Image, fileName: string) => {
      const file = await rotatedCopy(image.url, fileName);
      addFiles([file], image.id);
    },
    [addFiles],
  );

  const active = tasks.filter(
    (task: UploadTask) => task.phase !== 'failed' && task.state !== 'error',
  ).length;

  return { tasks, addFiles, pause, resume, cancel, retry, dismiss, rotate, busy: active > 0 };
}
