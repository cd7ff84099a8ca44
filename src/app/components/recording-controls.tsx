import { ActionIcon, Alert, Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { formatDuration } from '@/lib/call-format';

const SPEEDS = ['1', '1.5', '2'] as const;

/**
 * Play, pause, seek, speed and download of a call recording whose address the player checked (http(s)
 * only). Its own module, loaded by RecordingPlayer when there is a recording to play: the Slider is most
 * of it, and a call without a recording needs none of it.
 */
export default function RecordingControls({ url, callId }: { url: string; callId: number }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [seek, setSeek] = useState<number | null>(null);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>('1');
  const [failed, setFailed] = useState(false);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      audio.play().catch(() => setFailed(true));
    } else {
      audio.pause();
    }
  };

  const readDuration = (audio: HTMLAudioElement) => {
    setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);
  };

  // Metadata a cached recording had before React listened (this module loads on demand, the audio may be
  // in the cache already) fires no event we hear: read what the element holds once it is in the page.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio && audio.readyState >= HTMLMediaElement.HAVE_METADATA) readDuration(audio);
  }, [url]);

  return (
    <Stack gap="xs">
      <audio
        ref={audioRef}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          readDuration(e.currentTarget);
          e.currentTarget.playbackRate = Number(speed);
        }}
        onDurationChange={(e) => readDuration(e.currentTarget)}
        onCanPlay={(e) => readDuration(e.currentTarget)}
        onError={() => setFailed(true)}
      />
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          size="lg"
          radius="xl"
          variant="filled"
          onClick={toggle}
          aria-label={playing ? m.calls_recording_pause() : m.calls_recording_play()}
          disabled={failed}
        >
          {playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={duration || 1}
          step={0.1}
          value={seek ?? time}
          onChange={setSeek}
          onChangeEnd={(v) => {
            if (audioRef.current) audioRef.current.currentTime = v;
            setTime(v);
            setSeek(null);
          }}
          label={(v) => formatDuration(v)}
          disabled={!duration || failed}
          // The thumb (role slider) carries the name; an aria-label on the root div is prohibited ARIA (axe).
          thumbLabel={m.calls_recording_seek()}
          thumbValueText={(v) => formatDuration(v)}
        />
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatDuration(seek ?? time)} / {formatDuration(duration)}
        </Text>
      </Group>
      <Group gap="sm" justify="space-between">
        <SegmentedControl
          size="xs"
          aria-label={m.calls_recording_speed()}
          value={speed}
          onChange={(v) => {
            const next = SPEEDS.find((s) => s === v) ?? '1';
            setSpeed(next);
            if (audioRef.current) audioRef.current.playbackRate = Number(next);
          }}
          data={SPEEDS.map((s) => ({ value: s, label: m.calls_recording_speed_option({ speed: formatNumber(Number(s)) }) }))}
        />
        <Button
          component="a"
          href={url}
          download={`call-${callId}-recording.wav`}
          rel="noopener noreferrer"
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
        >
          {m.calls_recording_download()}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" variant="light" p="xs">
          {m.calls_recording_failed()}
        </Alert>
      )}
    </Stack>
  );
}
