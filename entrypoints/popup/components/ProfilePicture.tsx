import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

/** The catalog picture, or the name's initial when there is none or it fails to load. */
export function ProfilePicture(props: {
  url: string | null;
  name: string;
  size: number;
}): JSX.Element {
  const [failed, setFailed] = useState(false);
  const style = { width: `${props.size}px`, height: `${props.size}px` };
  if (props.url && !failed) {
    return (
      <img
        class="profile-picture"
        src={props.url}
        alt=""
        style={style}
        referrerpolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span class="profile-picture initials" style={style} aria-hidden="true">
      {(props.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
