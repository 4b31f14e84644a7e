import { useCallback, useEffect, useState } from 'react';
import { intlLocale } from './intl-date';

/** Whether this browser can read text aloud (the Web Speech API's speech synthesis). */
export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/** The voice's language: the page's (Australian for English; speech voices name Simplified Chinese zh-CN). */
function speechLanguage(): string {
  const locale = intlLocale();
  return locale === 'zh-Hans' ? 'zh-CN' : locale;
}

/**
 * Says `text` now, cutting off anything still being said; `onDone` runs when it ends or fails. Never throws:
 * speech is a help, not the task.
 */
export function say(text: string, onDone?: () => void): void {
  if (!canSpeak()) return;
  try {
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLanguage();
    utterance.rate = 0.9;
    utterance.onend = () => onDone?.();
    utterance.onerror = () => onDone?.();
    window.speechSynthesis.speak(utterance);
  } catch {
    onDone?.();
  }
}

function hush(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}

/** Reading one text aloud, with whether it is being read; stops when the screen goes away. */
export function useReadAloud() {
  const [speaking, setSpeaking] = useState(false);

  useEffect(() => hush, []);

  const stop = useCallback(() => {
    hush();
    setSpeaking(false);
  }, []);

  const read = useCallback((text: string) => {
    setSpeaking(true);
    say(text, () => setSpeaking(false));
  }, []);

  return { speaking, read, stop };
}
