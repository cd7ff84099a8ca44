/*
 * Dictation with the browser's own speech recognition (Chromium's webkitSpeechRecognition, the standard
 * SpeechRecognition elsewhere). Where the browser has neither, the microphone button is not shown.
 */

type RecognitionConstructor = new () => SpeechRecognition;

/** The browser's recognizer, or null where it has none. */
export function speechRecognitionClass(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The final words of a recognition result list, joined. */
export function finalTranscript(results: SpeechRecognitionResultList): string {
  let text = '';
  for (let i = 0; i < results.length; i += 1) {
    const result = results[i];
    if (result?.isFinal && result[0]) text += result[0].transcript;
  }
  return text.trim();
}
