// A QR code drawn as SVG on the device (uqr encodes; one path of dark modules), labelled for screen readers.
import { useMemo } from 'react';
import { encode } from 'uqr';

export interface QrCodeProps {
  /** The text to encode. */
  readonly value: string;
  /** What the code is, for screen readers. */
  readonly label: string;
  /** Drawn width and height in CSS pixels. */
  readonly size?: number;
  readonly className?: string;
}

/** The dark modules as one SVG path, one unit per module, the quiet zone included in the grid. */
export function qrPath(value: string): { path: string; modules: number } {
  const { data, size } = encode(value, { ecc: 'M', border: 4 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { path: parts.join(''), modules: size };
}

export function QrCode({ value, label, size = 208, className }: QrCodeProps) {
  const { path, modules } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
