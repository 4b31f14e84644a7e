import { useEffect, useState } from 'react';
import { useAttention } from '../api/get-attention';

/**
 * Whether Needs attention has its answer (or failed), or `maxWaitMs` went by. The page keeps the client list
 * hidden until then, so that the section appearing above it never pushes a row away from a finger about to tap it.
 */
export function useAttentionSettled(maxWaitMs = 1000): boolean {
  const { isPending } = useAttention();
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [maxWaitMs]);
  return !isPending || waitedEnough;
}
