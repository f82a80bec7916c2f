import type { IScannerControls } from '@zxing/browser';
import type { DecodeHintType as HintType } from '@zxing/library';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraAvailable, cameraProblem, type CameraProblem } from '../picking-list-view';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'problem'; problem: CameraProblem };

/** A barcode held in view is read many times a second: the same one counts once this long. */
const SAME_SCAN_MS = 2500;

/**
 * The device camera as a barcode scanner (ZXing, loaded when first started): `onScan` gets each
 * barcode read (Code 128, Code 39, EAN, UPC), the same one once while it stays in view. A
 * camera that cannot start says why (permission refused, none, busy, no camera API here).
 */
export function useCameraScanner(onScan: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const controls = useRef<IScannerControls | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);
  const mounted = useRef(true);
  const latestOnScan = useRef(onScan);
  const [state, setState] = useState<CameraState>({ status: 'off' });

  useEffect(() => {
    latestOnScan.current = onScan;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controls.current?.stop();
      controls.current = null;
    };
  }, []);

  const stop = useCallback(() => {
    controls.current?.stop();
    controls.current = null;
    setState({ status: 'off' });
  }, []);

  const start = useCallback(async () => {
    if (!cameraAvailable(globalThis.navigator)) {
      setState({ status: 'problem', problem: 'unsupported' });
      return;
    }
    setState({ status: 'starting' });
    try {
      const [{ BrowserMultiFormatOneDReader }, { BarcodeFormat, DecodeHintType }] =
        await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
      const hints = new Map<HintType, unknown>([
        [
          DecodeHintType.POSSIBLE_FORMATS,
          [
            BarcodeFormat.CODE_128,
            BarcodeFormat.CODE_39,
            BarcodeFormat.EAN_13,
            BarcodeFormat.EAN_8,
            BarcodeFormat.UPC_A,
            BarcodeFormat.UPC_E,
          ],
        ],
      ]);
      const reader = new BrowserMultiFormatOneDReader(hints);
      const video = videoRef.current;
      if (!video) throw new Error('The camera view is not on screen');
      const started = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        video,
        (result) => {
          if (!result) return;
          const text = result.getText();
          const now = Date.now();
          if (last.current?.text === text && now - last.current.at < SAME_SCAN_MS) return;
          last.current = { text, at: now };
          latestOnScan.current(text);
        },
      );
      if (!mounted.current) {
        started.stop();
        return;
      }
      controls.current = started;
      setState({ status: 'on' });
    } catch (error) {
      controls.current?.stop();
      controls.current = null;
      if (mounted.current) setState({ status: 'problem', problem: cameraProblem(error) });
    }
  }, []);

  return { videoRef, state, start, stop };
}
