import { type FocusEvent, useEffect, useRef, useState } from 'react';

/** How long Undo stays after Mark reviewed: long enough for a slow reader. */
export const UNDO_WINDOW_MS = 8000;

/**
 * Calls `onExpire` UNDO_WINDOW_MS after the window opened, or after the pointer and the keyboard focus last left
 * it; never while the pointer is over it, the keyboard focus is in it (WCAG 2.2.1) or `held` (an Undo on its way).
 * Spread the returned handlers on the window's element.
 */
export function useUndoWindow(onExpire: () => void, held: boolean) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  const paused = held || hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => expire.current(), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  return {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
    // Only a keyboard focus holds it: a tap or click leaves the focus on Undo without the person looking there.
    onFocus: (event: FocusEvent) => setFocused(event.target.matches(':focus-visible')),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
  };
}
