import { describe, expect, it } from 'vitest';
import {
  extensionForMime,
  ImageSchema,
  imageRecordPath,
  isAcceptedImageType,
  nextUploadState,
  UPLOAD_TASK_STATES,
  type UploadTaskAction,
  type UploadTaskState,
} from './image.schema';

const ACTIONS: UploadTaskAction[] = [
  'pause',
  'paused',
  'resume',
  'cancel',
  'canceled',
  'fail',
  'succeed',
];

/** Spec §4, written out: every transition an upload task allows. Everything else is refused. */
const ALLOWED: [UploadTaskState, UploadTaskAction, UploadTaskState][] = [
  // Pause only from running; paused once the request is cancelled.
  ['running', 'pause', 'pausing'],
  ['pausing', 'paused', 'paused'],
  // Resume from paused or pausing restarts the upload.
  ['paused', 'resume', 'running'],
  ['pausing', 'resume', 'running'],
  // Cancel from running or pausing; canceled (with a cancellation error) once it stops.
  ['running', 'cancel', 'canceling'],
  ['pausing', 'cancel', 'canceling'],
  ['canceling', 'canceled', 'canceled'],
  // A running upload ends in success or error (and one being paused can still fail).
  ['running', 'succeed', 'success'],
  ['running', 'fail', 'error'],
  ['pausing', 'fail', 'error'],
];

describe('upload task states (spec §4)', () => {
  for (const [from, action, to] of ALLOWED) {
    it(`${from} --${action}--> ${to}`, () => {
      expect(nextUploadState(from, action)).toBe(to);
    });
  }

  it('refuses every other transition', () => {
    const allowed = new Set(ALLOWED.map(([from, action]) => `${from}:${action}`));
    const refused: string[] = [];
    for (const state of UPLOAD_TASK_STATES) {
      for (const action of ACTIONS) {
        if (allowed.has(`${state}:${action}`)) continue;
        refused.push(`${state}:${action}`);
        expect(nextUploadState(state, action), `${state} --${action}-->`).toBeNull();
      }
    }
    expect(refused).toHaveLength(UPLOAD_TASK_STATES.length * ACTIONS.length - ALLOWED.length);
  });

  it('pauses only from running, resumes only from paused or pausing, cancels only from running or pausing', () => {
    const from = (action: UploadTaskAction) =>
      UPLOAD_TASK_STATES.filter((state) => nextUploadState(state, action) !== null);
    expect(from('pause')).toEqual(['running']);
    expect(from('resume')).toEqual(['pausing', 'paused']);
    expect(from('cancel')).toEqual(['running', 'pausing']);
  });

  it('keeps success, error and canceled final', () => {
    for (const state of ['success', 'error', 'canceled'] as const) {
      for (const action of ACTIONS) expect(nextUploadState(state, action)).toBeNull();
    }
  });
});

describe('extensionForMime (spec §3)', () => {
  it('takes the MIME subtype', () => {
    expect(extensionForMime('image/jpeg')).toBe('jpeg');
    expect(extensionForMime('image/png')).toBe('png');
    expect(extensionForMime('image/webp')).toBe('webp');
    expect(extensionForMime('image/gif')).toBe('gif');
    expect(extensionForMime('image/avif')).toBe('avif');
    expect(extensionForMime('IMAGE/PNG')).toBe('png');
  });

  it('drops parameters and structured-syntax suffixes', () => {
    expect(extensionForMime('image/svg+xml')).toBe('svg');
    expect(extensionForMime('image/png; charset=binary')).toBe('png');
  });

  it('defaults to jpeg for no type, no subtype, or an unsafe one', () => {
    expect(extensionForMime(undefined)).toBe('jpeg');
    expect(extensionForMime(null)).toBe('jpeg');
    expect(extensionForMime('')).toBe('jpeg');
    expect(extensionForMime('image')).toBe('jpeg');
    expect(extensionForMime('image/')).toBe('jpeg');
    expect(extensionForMime('image/../../etc')).toBe('jpeg');
    expect(extensionForMime('image/averyveryverylongsubtype')).toBe('jpeg');
  });
});

describe('uploads and image records', () => {
  it('accepts the picture types the server can read', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(isAcceptedImageType(type)).toBe(true);
    }
    expect(isAcceptedImageType('IMAGE/JPEG; q=1')).toBe(true);
    expect(isAcceptedImageType('image/jpg')).toBe(true);
    for (const type of ['image/heic', 'image/svg+xml', 'text/plain', '', null, undefined]) {
      expect(isAcceptedImageType(type)).toBe(false);
    }
  });

  it('names the record path of an image', () => {
    expect(imageRecordPath('abc')).toBe('/api/uploads/images/abc');
  });

  it('defaults a record to version 3 with empty derivative URLs', () => {
    expect(ImageSchema.parse({ id: 'i', url: '/u' })).toEqual({
      id: 'i',
      url: '/u',
      url_l: '',
      url_s: '',
      version: 3,
      originalMaxDimension: 0,
    });
  });
});
