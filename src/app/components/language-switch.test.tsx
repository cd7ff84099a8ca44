import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { LanguageSwitch } from './language-switch';

const { changeLocale } = vi.hoisted(() => ({ changeLocale: vi.fn() }));
vi.mock('@/i18n', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/i18n')>()), changeLocale, currentLocale: () => 'en' }));

afterEach(() => changeLocale.mockReset());

describe('LanguageSwitch', () => {
  it('shows each language in its own words, the one in use pressed, in a named group', () => {
    renderWithProviders(<LanguageSwitch />);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    const deutsch = screen.getByRole('button', { name: 'Deutsch' });
    expect(deutsch).toHaveAttribute('aria-pressed', 'false');
    expect(deutsch).toHaveAttribute('lang', 'de');
  });

  it('switches to the other language, and does nothing for the one in use', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(changeLocale).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(changeLocale).toHaveBeenCalledWith('de');
  });

  it('takes its name from a heading when given one', () => {
    renderWithProviders(
      <>
        <h3 id="lang-heading">Sprache wählen</h3>
        <LanguageSwitch aria-labelledby="lang-heading" />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Sprache wählen' })).toBeInTheDocument();
  });
});
