import { type ComponentType, type FunctionComponent, h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Spinner } from '../../../lib/extension/ui/index.ts';

/**
 * A component whose code loads on its first render (a separate chunk), rendering `fallback` (by
 * default nothing) until then. The forms and views a logged-in popup does not show at once (the
 * wallet core's password policy and scrypt, the BIP-39 word list, the clipboard guard) stay out
 * of the code that runs before the address is on screen.
 */
export function lazyComponent<P>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => JSX.Element | null = () => null,
): FunctionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  return function Lazy(props: P): JSX.Element | null {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      loading ??= load().then((component) => {
        loaded = component;
      });
      void loading.then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, []);
    return loaded ? h(loaded as ComponentType<object>, props as object) : fallback();
  };
}

/** A view's place while its chunk loads, for views that replace what was on screen. */
export function loadingFallback(): JSX.Element {
  return h('div', { class: 'center muted', role: 'status' }, h(Spinner, null), ' Loading…');
}
