import { type ComponentType, type FunctionComponent, h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code loads on its first render (a separate chunk), rendering nothing until
 * then. The forms a logged-in popup does not show (they carry the wallet core's password policy
 * and scrypt) stay out of the code that runs before the address is on screen.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
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
    return loaded ? h(loaded as ComponentType<object>, props as object) : null;
  };
}
