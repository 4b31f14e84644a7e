import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@hep/shared/limits';
import { expireSession } from '../../../lib/logout';

export type TInactivityPhase = 'active' | 'warning' | 'ending';

const ACTIVITY_EVENTS = ['click', 'keydown', 'touchstart'] as const;

/**
 * Tracks idle time with Date.now() and a periodic check (so a fake clock can drive it): a warning at 29
 * minutes, the logout at 30. While the warning shows, only its buttons count: the user must choose.
 */
export function useInactivityTimer() {
  const [phase, setPhase] = useState<TInactivityPhase>('active');
  const phaseRef = useRef<TInactivityPhase>('active');
  const lastActivity = useRef(0);

  const changePhase = useCallback((next: TInactivityPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const logout = useCallback(() => {
    if (phaseRef.current === 'ending') return;
    changePhase('ending');
    void expireSession();
  }, [changePhase]);

  const stayActive = useCallback(() => {
    lastActivity.current = Date.now();
    changePhase('active');
  }, [changePhase]);

  useEffect(() => {
    lastActivity.current = Date.now();
    const onActivity = () => {
      if (phaseRef.current === 'active') lastActivity.current = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    const timer = window.setInterval(() => {
      if (phaseRef.current === 'ending') return;
      const idle = Date.now() - lastActivity.current;
      if (idle >= LIMITS.inactivityLimitMs) logout();
      else if (idle >= LIMITS.inactivityWarningMs && phaseRef.current !== 'warning') changePhase('warning');
    }, LIMITS.inactivityCheckIntervalMs);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.clearInterval(timer);
    };
  }, [logout, changePhase]);

  return { phase, stayActive, logout };
}
