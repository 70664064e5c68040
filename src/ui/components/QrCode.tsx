import encodeQR from 'qr';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG from the `qr` library's module matrix (no HTML strings injected): dark
 * modules on a white quiet zone in both themes, since scanners need the contrast.
 */
export function QrCode({
  value,
  label,
  size = 176,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { path, count } = useMemo(() => {
    const matrix = encodeQR(value, 'raw', { ecc: 'medium', border: 2 });
    let d = '';
    matrix.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, count: matrix.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-testid="address-qr"
    >
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
