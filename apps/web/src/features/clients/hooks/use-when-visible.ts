import { useEffect, useRef } from 'react';

/**
 * A ref for an element that calls `onVisible` each time it scrolls into view (or comes within `margin` of it), while
 * `enabled`: the sentinel under a list that loads the next page before the reader reaches the end.
 */
export function useWhenVisible<T extends Element>(onVisible: () => void, enabled: boolean, margin = '400px') {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
