import { useEffect, useRef, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { m } from '@/i18n';

/**
 * A thin bar at the top of the window while a route loads. It appears only when loading takes longer
 * than a blink, creeps towards 90 %, and completes when the route is ready. (A styled div: it is in the
 * entry chunk.)
 */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [value, setValue] = useState(0);
  const [visible, setVisible] = useState(false);
  const visibleRef = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let interval: ReturnType<typeof setInterval> | undefined;
    if (loading) {
      timers.push(
        setTimeout(() => {
          visibleRef.current = true;
          setVisible(true);
          setValue(15);
          interval = setInterval(() => setValue((v) => v + (90 - v) * 0.15), 250);
        }, 120),
      );
    } else if (visibleRef.current) {
      timers.push(
        setTimeout(() => setValue(100), 0),
        setTimeout(() => {
          visibleRef.current = false;
          setVisible(false);
        }, 300),
        setTimeout(() => setValue(0), 600),
      );
    }
    return () => {
      timers.forEach(clearTimeout);
      if (interval) clearInterval(interval);
    };
  }, [loading]);

  return (
    <div
      role="progressbar"
      aria-label={m.shell_loading_page()}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-testid="route-progress"
      data-visible={visible || undefined}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${value}%`,
        zIndex: 1000,
        background: 'var(--mantine-primary-color-filled)',
        boxShadow: '0 0 6px var(--mantine-primary-color-filled)',
        opacity: visible ? 1 : 0,
        transition: 'width 200ms ease, opacity 250ms ease',
        pointerEvents: 'none',
      }}
    />
  );
}
