import { type ComponentType, createElement, lazy, Suspense } from 'react';

/**
 * A component in a chunk of its own that can be loaded before it is first rendered (`preload`): once loaded it
 * renders at once, in the same paint as what surrounds it. Rendered before that, it waits behind a Suspense boundary
 * of its own that shows nothing.
 */
export function preloadedLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // A failed download (offline) is tried again next time.
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    if (loaded) return createElement(loaded, props);
    return createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<P>, props));
  }
  return { Component: Preloaded, preload };
}
