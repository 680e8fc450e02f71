import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

/** A picture at list size, or a placeholder with the initial when there is none or it fails. */
export function Artwork(props: {
  url: string | null;
  name: string;
  round?: boolean;
  size?: number;
}): JSX.Element {
  const [failed, setFailed] = useState(false);
  const size = props.size ?? 48;
  const style = { width: `${size}px`, height: `${size}px` };
  const shape = props.round ? 'artwork round' : 'artwork';
  if (props.url && !failed) {
    return (
      <img
        class={shape}
        src={props.url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        style={style}
        referrerpolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      class={`${shape} placeholder`}
      style={style}
      aria-hidden="true"
      data-testid="artwork-placeholder"
    >
      {(props.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
