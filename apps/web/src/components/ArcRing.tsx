/**
 * A ring of `size` px: a track circle of radius `r` and, over it, an arc drawn clockwise from 12 o'clock whose
 * length `arc` works out from the circumference (a report's ratio, the home page's sample report). Colours and
 * widths come from the classes, or `stroke`.
 */
export function ArcRing(props: {
  size: number;
  r: number;
  arc: (circumference: number) => number;
  trackClassName: string;
  arcClassName?: string;
  stroke?: string;
  round?: boolean;
}) {
  const { size, r } = props;
  const mid = size / 2;
  const c = 2 * Math.PI * r;
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} aria-hidden="true">
      <circle cx={mid} cy={mid} r={r} className={props.trackClassName} />
      <circle
        cx={mid}
        cy={mid}
        r={r}
        className={props.arcClassName}
        stroke={props.stroke}
        strokeLinecap={props.round ? 'round' : undefined}
        strokeDasharray={`${props.arc(c)} ${c}`}
        transform={`rotate(-90 ${mid} ${mid})`}
      />
    </svg>
  );
}
