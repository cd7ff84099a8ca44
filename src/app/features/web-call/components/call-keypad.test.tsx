import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '@/test/host';
import { CallKeypad } from './call-keypad';

/* The web call's keypad: opened on demand, each key pressed handed over at once (by click or the keyboard) and shown. */

describe('CallKeypad', () => {
  it('opens, sends each key as it is pressed, by click and by the keyboard, and shows the keys', async () => {
    const onKey = vi.fn();
    renderWithHost(() => <CallKeypad onKey={onKey} disabled={false} />);
    const toggle = await screen.findByRole('button', { name: 'Keypad' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(await screen.findByRole('button', { name: 'Press 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Press 2' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Press 2' }), { key: '#' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Press 2' }), { key: 'x' });
    expect(onKey.mock.calls.map((c) => c[0])).toEqual(['4', '2', '#']);
    expect(screen.getByTestId('web-call-keys')).toHaveTextContent('Keys pressed: 42#');
    expect(screen.getAllByRole('button', { name: /^Press / })).toHaveLength(12);
  });

  it('sends nothing while disabled', async () => {
    const onKey = vi.fn();
    renderWithHost(() => <CallKeypad onKey={onKey} disabled />);
    expect(await screen.findByRole('button', { name: 'Keypad' })).toBeDisabled();
    expect(onKey).not.toHaveBeenCalled();
  });
});
