import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import { identicon } from './identicon.ts';

/** The address's identicon as crisp SVG squares. Decorative: the address is always beside it. */
export function Avatar(props: { address: string; size?: number }): JSX.Element {
  const icon = useMemo(() => identicon(props.address), [props.address]);
  const px = props.size ?? 40;
  return (
    <svg
      class="avatar"
      width={px}
      height={px}
      viewBox={`0 0 ${icon.size} ${icon.size}`}
      shape-rendering="crispEdges"
      aria-hidden="true"
    >
      <rect width={icon.size} height={icon.size} fill={icon.background} />
      {icon.cells.map((cell, i) =>
        cell === 0 ? null : (
          <rect
            key={i}
            x={i % icon.size}
            y={Math.floor(i / icon.size)}
            width={1}
            height={1}
            fill={cell === 1 ? icon.color : icon.spot}
          />
        ),
      )}
    </svg>
  );
}
