import { MantineProvider, Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalOnDemand } from './modal-on-demand';

/** A lazy dialog whose code arrives when the test says so. */
function deferredDialog() {
  let arrive!: () => void;
  const code = new Promise<{ default: (p: { opened: boolean }) => React.ReactElement }>((resolve) => {
    arrive = () =>
      resolve({
        default: ({ opened }) => (
          <Modal opened={opened} onClose={() => {}} title="Rename">
            <input aria-label="Name" />
          </Modal>
        ),
      });
  });
  let asked = 0;
  const Dialog = lazy(() => {
    asked += 1;
    return code;
  });
  return { Dialog, arrive, asked: () => asked };
}

function Harness({ Dialog }: { Dialog: React.ComponentType<{ opened: boolean }> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <ModalOnDemand opened={opened} onClose={() => setOpened(false)} title="Rename" height={112}>
        <Dialog opened={opened} />
      </ModalOnDemand>
    </>
  );
}

describe('ModalOnDemand', () => {
  it('asks for nothing until opened, stands open saying it loads, then shows the dialog', async () => {
    const { Dialog, arrive, asked } = deferredDialog();
    render(
      <MantineProvider>
        <Harness Dialog={Dialog} />
      </MantineProvider>,
    );
    expect(asked()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(asked()).toBe(1);
    const loading = await screen.findByRole('dialog', { name: 'Rename' });
    expect(loading).toContainElement(screen.getByRole('status', { name: 'Loading…' }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();

    await act(async () => arrive());
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
