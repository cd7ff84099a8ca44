import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSpeech } from '../api/speech';

/**
 * Plays the assistant's replies aloud, one after another, with the service's speech (POST /speech).
 * `speak` queues a text; a failure is kept to show and stops nothing else. Leaving stops the sound.
 */
export function useSpeaker(language: string | undefined) {
  const [error, setError] = useState<unknown>(null);
  const [speaking, setSpeaking] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const audio = useRef<HTMLAudioElement | null>(null);
  const controller = useRef(new AbortController());

  useEffect(
    () => () => {
      controller.current.abort();
      audio.current?.pause();
    },
    [],
  );

  const play = useCallback(async (text: string) => {
    const blob = await fetchSpeech(text, language, controller.current.signal);
    if (controller.current.signal.aborted) return;
    const url = URL.createObjectURL(blob);
    try {
      const el = new Audio(url);
      audio.current = el;
      setSpeaking(true);
      await new Promise<void>((resolve) => {
        el.onended = () => resolve();
        el.onerror = () => resolve();
        el.play().catch(() => resolve());
      });
    } finally {
      setSpeaking(false);
      URL.revokeObjectURL(url);
    }
  }, [language]);

  /** Queues `text`; resolves true once it was spoken (or played as far as the browser let it), false on a failure. */
  const speak = useCallback(
    (text: string): Promise<boolean> => {
      const next = queue.current.then(() =>
        play(text).then(
          () => true,
          (e: unknown) => {
            setError(e);
            return false;
          },
        ),
      );
      queue.current = next.then(() => undefined);
      return next;
    },
    [play],
  );

  const stop = useCallback(() => audio.current?.pause(), []);

  return { speak, stop, speaking, error, clearError: () => setError(null) };
}
