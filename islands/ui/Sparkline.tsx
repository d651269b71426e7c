import { t } from "../lib/i18n";

const WIDTH = 100;
const HEIGHT = 24;

function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A trend's videos per week as a small line without axes, drawn as the server's sparkline_svg draws it. */
export function Sparkline({ values }: { values: readonly number[] }) {
  if (values.length === 0) return null;
  const largest = Math.max(...values, 0) || 1;
  const band = WIDTH / values.length;
  const points = values.map(
    (value, index) => [rounded((index + 0.5) * band), rounded(HEIGHT - 2 - (Math.max(value, 0) / largest) * (HEIGHT - 4))] as const,
  );
  const label = t("Videos in each of the last {weeks} weeks: {counts}", { weeks: values.length, counts: values.join(", ") });
  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" preserveAspectRatio="none" role="img" aria-label={label}>
      <line className="sparkline__base" x1="0" x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} />
      {points.length === 1 ? (
        <circle className="sparkline__dot" cx={points[0]![0]} cy={points[0]![1]} r="2" />
      ) : (
        <polyline className="sparkline__line" points={points.map(([x, y]) => `${x},${y}`).join(" ")} />
      )}
    </svg>
  );
}
