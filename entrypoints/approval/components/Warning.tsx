import type { ComponentChildren, JSX } from 'preact';

export function Warning(props: { testId: string; children: ComponentChildren }): JSX.Element {
  return (
    <p class="warning" role="alert" data-testid={props.testId}>
      {props.children}
    </p>
  );
}
