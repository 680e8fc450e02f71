import type { JSX } from 'preact';
import { Warning } from './Warning.tsx';

/**
 * A URL a site handed the worker names the person's own computer or network (a node, a sponsor):
 * the site could not reach it by itself, the worker would. Shown wherever such a URL is approved.
 */
export function LocalNetworkWarning(props: {
  /** What the URL is, as the sentence's subject: "This URL", "The sponsor's URL". */
  subject: string;
  /** What the person should be running themselves: "this node", "this sponsor". */
  runs: string;
  testId: string;
}): JSX.Element {
  return (
    <Warning testId={props.testId}>
      {props.subject} is on your own computer or local network, which the site cannot reach by
      itself. Approve only if you run {props.runs} yourself.
    </Warning>
  );
}
