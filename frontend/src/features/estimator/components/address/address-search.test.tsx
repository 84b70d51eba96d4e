import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressProvider, AddressSuggestion } from '../../address/address-provider';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { AddressSearch } from './AddressSearch';

const SUGGESTIONS: AddressSuggestion[] = Array.from({ length: 7 }, (_, index) => ({
  id: `s${index}`,
  label: `${100 + index} Main St, Austin, TX 78701, USA`,
}));

function fakeProvider(suggest = vi.fn(async () => SUGGESTIONS)): AddressProvider {
  return {
    id: 'fake',
    suggest,
    resolve: vi.fn(),
    search: vi.fn(),
    locateZipCode: vi.fn(),
  };
}

function Harness({
  provider,
  onSelect = vi.fn(),
  onSearch = vi.fn(),
}: {
  provider: AddressProvider | null;
  onSelect?: (suggestion: AddressSuggestion) => void;
  onSearch?: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <AddressSearch
      value={value}
      onChange={setValue}
      provider={provider}
      onSelectSuggestion={onSelect}
      onSearch={onSearch}
      searching={false}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Property address' });

describe('address search', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for suggestions from 3 typed characters and shows at most 5', async () => {
    const user = userEvent.setup();
    const provider = fakeProvider();
    renderWithProviders(<Harness provider={provider} />);

    await user.type(input(), '12');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(provider.suggest).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(input(), '3');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(provider.suggest).toHaveBeenCalledWith('123', expect.anything());
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(list).toBeVisible();
    expect(input()).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides the dropdown 150 ms after the input loses focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness provider={fakeProvider()} />);
    await user.type(input(), '123 Main');
    await screen.findByRole('listbox');

    vi.useFakeTimers();
    fireEvent.blur(input());
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks a suggestion with the arrow keys and Enter, or by clicking it', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderWithProviders(<Harness provider={fakeProvider()} onSelect={onSelect} />);
    await user.type(input(), '123 Main');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(SUGGESTIONS[1]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(input(), ' St');
    await user.click((await screen.findAllByRole('option'))[3]!);
    expect(onSelect).toHaveBeenLastCalledWith(SUGGESTIONS[3]);
  });

  it('shows no suggestions when the lookup fails, and Enter or Search searches the text', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const provider = fakeProvider(vi.fn(async () => Promise.reject(new Error('offline'))));
    renderWithProviders(<Harness provider={provider} onSearch={onSearch} />);

    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.type(input(), '123 Main St{Enter}');
    await vi.waitFor(() => expect(provider.suggest).toHaveBeenCalled());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSearch).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
