import { useMemo } from 'react';
import { QUIET_ZONE, qrPath } from '../utils/qr-path';

/** A QR code of `url`, drawn here as SVG (no image service): crisp at any print size, black on white. */
export function ProgramQrCode({ url, label }: { url: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(url), [url]);
  const side = size + QUIET_ZONE * 2;
  return (
    <svg
      className="print-qr-code"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
