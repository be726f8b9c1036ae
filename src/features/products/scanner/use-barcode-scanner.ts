// The scanner's session while its dialog is open: camera permission, frames sent to the decoder worker about 15
// times a second, two equal reads to accept, then 100 ms of vibration and 'Código detectado: {code}'.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import { showToast } from '../../../ui/toast.ts';
import { cameraConstraints, cameraFailureOf, hasCameraApi, isMobileDevice } from './camera.ts';
import type { ScanKind } from './decode.ts';
import type { DecodeRequest, DecodeResponse } from './decoder.worker.ts';
import { createScanAcceptor } from './scan-rules.ts';

/** Spec 1 §4: idle, permission check, scanning, then detected, cancelled or denied (and the failures of §8). */
export type ScanState = 'starting' | 'scanning' | 'detected' | 'denied' | 'failed' | 'unavailable';

/** About 15 frames a second (docs/product.md §9). */
const FRAME_INTERVAL_MS = 66;
const DETECTED_TOAST_MS = 3000;

export interface BarcodeScanner {
  state: ScanState;
  videoRef: RefObject<HTMLVideoElement | null>;
  retry: () => void;
}

/**
 * Runs while mounted (the dialog's content); `onDetected` gets the accepted code once. A barcode is announced
 * ('Código detectado: …'); a QR code (a pairing code, long and meaningless to read) only vibrates.
 */
export function useBarcodeScanner(onDetected: (code: string) => void, kind: ScanKind = 'barcode'): BarcodeScanner {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [report, setReport] = useState<{ attempt: number; state: ScanState } | null>(null);
  const latest = useRef(onDetected);
  useEffect(() => {
    latest.current = onDetected;
  });
  const cameraApi = hasCameraApi();

  useEffect(() => {
    if (!cameraApi) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let worker: Worker | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frameId = 0;
    const acceptor = createScanAcceptor();
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      worker?.terminate();
    };
    const settle = (state: ScanState) => {
      if (!stopped) setReport({ attempt, state });
    };
    const sendFrame = () => {
      const video = videoRef.current;
      if (stopped || !worker) return;
      if (!video || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) {
        timer = setTimeout(sendFrame, FRAME_INTERVAL_MS);
        return;
      }
      const decoder = worker;
      createImageBitmap(video).then(
        (frame) => {
          if (stopped) {
            frame.close();
            return;
          }
          frameId += 1;
          const request: DecodeRequest = { id: frameId, frame, kind };
          decoder.postMessage(request, [frame]);
        },
        () => {
          timer = setTimeout(sendFrame, FRAME_INTERVAL_MS);
        },
      );
    };

    navigator.mediaDevices.getUserMedia(cameraConstraints(isMobileDevice())).then(
      async (opened) => {
        stream = opened;
        const video = videoRef.current;
        if (stopped || !video) {
          stop();
          return;
        }
        video.srcObject = opened;
        try {
          await video.play();
        } catch {
          // Autoplay of a muted inline video is allowed; frames are read from the element either way.
        }
        worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module', name: 'codigo-de-barras' });
        worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
          if (stopped) return;
          const code = event.data.result ? acceptor.offer(event.data.result.text) : null;
          if (code === null) {
            timer = setTimeout(sendFrame, FRAME_INTERVAL_MS);
            return;
          }
          settle('detected');
          stop();
          if ('vibrate' in navigator) navigator.vibrate(100);
          if (kind === 'barcode') showToast({ title: t.barcode.detected(code), durationMs: DETECTED_TOAST_MS });
          latest.current(code);
        };
        worker.onerror = () => {
          settle('failed');
          stop();
        };
        settle('scanning');
        sendFrame();
      },
      (error: unknown) => {
        settle(cameraFailureOf(error));
        stop();
      },
    );
    return stop;
  }, [attempt, cameraApi, kind]);

  const state: ScanState = !cameraApi ? 'unavailable' : report?.attempt === attempt ? report.state : 'starting';
  return {
    state,
    videoRef,
    retry: () => {
      setAttempt((value) => value + 1);
    },
  };
}
