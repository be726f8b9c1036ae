// The camera the scanner asks for (docs/product.md §9): the rear camera, ideally 1280x720 on a phone and 1920x1080 on a
// desktop, at least 640x480, aspect ratio between 1 and 2; and what a refusal of getUserMedia means.

export function cameraConstraints(mobile: boolean): MediaStreamConstraints {
  return {
    audio: false,
    video: {
      facingMode: { ideal: 'environment' },
      width: { min: 640, ideal: mobile ? 1280 : 1920 },
      height: { min: 480, ideal: mobile ? 720 : 1080 },
      aspectRatio: { min: 1, max: 2 },
    },
  };
}

/** A phone or tablet: a coarse pointer and no hover. */
export function isMobileDevice(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (hover: none)').matches;
}

/** 'denied' when the owner (or the browser's policy) refused the camera; 'failed' for anything else. */
export function cameraFailureOf(error: unknown): 'denied' | 'failed' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'denied' : 'failed';
}

/** Whether this browser can give the page a camera at all. */
export function hasCameraApi(): boolean {
  if (typeof navigator === 'undefined') return false;
  // Absent outside secure contexts (plain http on a LAN address), whatever the DOM types say.
  const devices = (navigator as { mediaDevices?: MediaDevices }).mediaDevices;
  return typeof devices?.getUserMedia === 'function';
}
