import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `handler` when the inactivity logout announces itself (the `beforeLogout` window event, fired 2 s before
 * the session ends; see lib/logout.ts), while `enabled`.
 */
export function useBeforeLogout(enabled: boolean, handler: () => void): void {
  const onBeforeLogout = useEffectEvent(handler);
  useEffect(() => {
    if (!enabled) return;
    const listener = () => onBeforeLogout();
    window.addEventListener('beforeLogout', listener);
    return () => window.removeEventListener('beforeLogout', listener);
  }, [enabled]);
}
