import { useEffect, useRef, useSyncExternalStore } from 'react';
import { MODAL_SOUND_VOLUME } from '@domain/limits.js';

/** The persisted sound-effect flag of 002 §2.3 (on unless the member turned it off). */
const FLAG_KEY = 'soundEffects';
const listeners = new Set<() => void>();

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(FLAG_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSoundEffects(on: boolean): void {
  try {
    window.localStorage.setItem(FLAG_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

/** The flag as React state, for the settings toggle. */
export function useSoundEffects(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readFlag,
    () => true,
  );
}

let audio: AudioContext | null = null;

/**
 * A short tone (rising to open, falling to close) made with the Web Audio API: no sound file to download or to
 * allow in the page's content policy. Sound is a nicety: a browser without audio simply stays silent.
 */
export function playModalSound(kind: 'open' | 'close'): void {
  if (!readFlag() || typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.setValueAtTime(kind === 'open' ? 520 : 660, now);
    tone.frequency.exponentialRampToValueAtTime(kind === 'open' ? 660 : 520, now + 0.1);
    gain.gain.setValueAtTime(MODAL_SOUND_VOLUME, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.12);
  } catch {
    // No audio output: nothing to play.
  }
}

/**
 * Plays the open sound when `open` turns true (or the modal mounts open) and the close sound when it turns
 * false or the open modal unmounts.
 */
export function useModalSound(open: boolean): void {
  const sounding = useRef(false);
  useEffect(() => {
    if (open === sounding.current) return;
    sounding.current = open;
    playModalSound(open ? 'open' : 'close');
  }, [open]);
  useEffect(
    () => () => {
      if (sounding.current) playModalSound('close');
    },
    [],
  );
}
