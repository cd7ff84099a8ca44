import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { currentLocale, m } from '@/i18n';
import { finalTranscript, speechRecognitionClass } from '../lib/dictation';

const LANGUAGE_TAGS: Record<string, string> = { en: 'en-US', de: 'de-DE' };

/**
 * Dictates the message with the browser's speech recognition: press, speak, and the words land in the
 * message box (to read over before sending). Not shown where the browser has no recognition.
 */
export function DictateButton({ onText, disabled }: { onText: (text: string) => void; disabled?: boolean }) {
  const [Recognition] = useState(speechRecognitionClass);
  const [listening, setListening] = useState(false);
  const recognizer = useRef<SpeechRecognition | null>(null);

  useEffect(() => () => recognizer.current?.abort(), []);

  if (!Recognition) return null;

  function toggle() {
    if (listening) {
      recognizer.current?.stop();
      return;
    }
    const r = new Recognition!();
    r.lang = LANGUAGE_TAGS[currentLocale()] ?? currentLocale();
    r.interimResults = false;
    r.continuous = false;
    r.onresult = (event) => {
      const text = finalTranscript(event.results);
      if (text) onText(text);
    };
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    recognizer.current = r;
    setListening(true);
    r.start();
  }

  const label = listening ? m.conversations_dictate_stop() : m.conversations_dictate();
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={listening ? 'filled' : 'default'}
        color={listening ? 'red' : undefined}
        size="lg"
        onClick={toggle}
        aria-label={label}
        aria-pressed={listening}
        disabled={disabled && !listening}
        data-testid="dictate"
      >
        {listening ? <IconPlayerStopFilled size={16} aria-hidden /> : <IconMicrophone size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
