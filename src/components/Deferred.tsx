/**
 * A component whose module loads after the page's first content (lib/useDeferredModule.ts): `fallback` (nothing by
 * default) until it is here or when it cannot be loaded, then the component with `props`. `load` must be a function
 * made once at module level: it names the module, whose component then keeps one identity for the page's life, so
 * its state is never reset by a render.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { useDeferredModule } from '../lib/useDeferredModule';

interface Props<P extends object> {
  load: () => Promise<ComponentType<P>>;
  props: P;
  fallback?: ReactNode;
}

export function Deferred<P extends object>({ load, props, fallback = null }: Props<P>): ReactNode {
  const Component = useDeferredModule(load);
  return Component ? createElement(Component, props) : fallback;
}
