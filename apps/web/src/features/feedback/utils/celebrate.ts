import type { CreateTypes } from 'canvas-confetti';

let audio: AudioContext | null = null;
let cannon: CreateTypes | null = null;

// A rising C major arpeggio (C5, E5, G5, C6): made here with the Web Audio API, so no sound file is downloaded.
const NOTES = [523.25, 659.25, 783.99, 1046.5];
const NOTE_GAP_S = 0.09;
const NOTE_LENGTH_S = 0.35;

/** The short success sound of a new completion. Never throws: a silent browser must not break the form. */
export function playSuccessSound(): void {
  try {
    const AudioContextClass = window.AudioContext ?? null;
    if (!AudioContextClass) return;
    // One context for the page: browsers limit how many may exist, and the first click has already unlocked it.
    audio ??= new AudioContextClass();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.02;
    NOTES.forEach((frequency, index) => {
      const at = start + index * NOTE_GAP_S;
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_LENGTH_S);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_LENGTH_S + 0.05);
    });
  } catch {
    // No sound on this device.
  }
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** A full-screen canvas over the page that ignores taps and is hidden from screen readers (it is decoration). */
function decorationCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '1100',
  });
  document.body.appendChild(canvas);
  return canvas;
}

/**
 * Confetti on a new completion (100 particles, spread 70: docs/product/feedback-and-progress.md#celebration), skipped
 * for people who ask for less motion. The library's default cannon draws in a blob: worker, which our
 * Content-Security-Policy (worker-src 'self') refuses, so the cannon draws on the page's own thread.
 */
export async function fireConfetti(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    if (!cannon) {
      const { default: confetti } = await import('canvas-confetti');
      cannon = confetti.create(decorationCanvas(), {
        resize: true,
        useWorker: false,
        disableForReducedMotion: true,
      });
    }
    await cannon({ particleCount: 100, spread: 70, origin: { y: 0.6 } });
  } catch {
    // Decoration only.
  }
}
