import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_SUGGESTIONS,
  MIN_SUGGESTION_CHARS,
  type AddressProvider,
  type AddressSuggestion,
} from '../../address/address-provider';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { TextInput } from '../TextInput';
import { visuallyHidden } from '../../../../components/visually-hidden';

/** The dropdown stays this long after the input loses focus, so a tap on it lands (spec). */
export const DROPDOWN_HIDE_DELAY_MS = 150;
/** Pause in typing before suggestions are fetched (fair use of the free geocoders). */
const SUGGEST_DEBOUNCE_MS = 250;

interface AddressSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Null when there is no geocoder: no suggestions, the typed text is the address. */
  provider: AddressProvider | null;
  onSelectSuggestion: (suggestion: AddressSuggestion) => void;
  onSearch: () => void;
  searching: boolean;
}

/**
 * The address input with its suggestions dropdown (an ARIA combobox) and the Search button.
 * Suggestions come from 3 typed characters, at most 5; a failed lookup just shows none.
 */
export function AddressSearch({
  value,
  onChange,
  provider,
  onSelectSuggestion,
  onSearch,
  searching,
}: AddressSearchProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);

  const suggestions = useQuery({
    queryKey: ['address-suggestions', provider?.id, query],
    queryFn: ({ signal }) => provider!.suggest(query, signal),
    enabled: provider !== null && open && query.length >= MIN_SUGGESTION_CHARS,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const options =
    open && value.trim().length >= MIN_SUGGESTION_CHARS
      ? (suggestions.data ?? []).slice(0, MAX_SUGGESTIONS)
      : [];
  const expanded = options.length > 0;

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const choose = (suggestion: AddressSuggestion) => {
    clearTimeout(hideTimer.current);
    setOpen(false);
    setActiveIndex(-1);
    onSelectSuggestion(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself; the highlight wraps around through it.
      setActiveIndex((index) => {
        const next = index + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted suggestion, else searches; it does not measure the roof.
      event.preventDefault();
      const highlighted = expanded ? options[activeIndex] : undefined;
      if (highlighted) choose(highlighted);
      else if (value.trim() !== '') onSearch();
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  const activeOption = expanded ? options[activeIndex] : undefined;

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
      <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
        <TextInput
          label="Property address"
          placeholder="Start typing your street address"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => clearTimeout(hideTimer.current)}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), DROPDOWN_HIDE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
          autoComplete="street-address"
          htmlInput={{
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': expanded ? listId : undefined,
            'aria-activedescendant': activeOption ? `${listId}-${activeIndex}` : undefined,
          }}
        />
        {expanded && (
          <Paper
            sx={{
              position: 'absolute',
              top: 'calc(100% + 4px)',
              left: 0,
              right: 0,
              zIndex: 1100,
              border: 1,
              borderColor: 'divider',
              boxShadow: '0 12px 24px -8px rgba(15, 23, 42, 0.25)',
              overflow: 'hidden',
            }}
          >
            <Box
              component="ul"
              id={listId}
              role="listbox"
              aria-label="Address suggestions"
              sx={{ listStyle: 'none', m: 0, p: 0.5 }}
            >
              {options.map((option, index) => (
                <Box
                  component="li"
                  key={option.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActiveIndex(index)}
                  sx={{
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: 1,
                    px: 1.5,
                    py: 1.25,
                    borderRadius: 1.5,
                    cursor: 'pointer',
                    fontSize: '0.9375rem',
                    overflowWrap: 'anywhere',
                    bgcolor: index === activeIndex ? 'action.hover' : 'transparent',
                  }}
                >
                  <LocationOnOutlinedIcon
                    aria-hidden
                    sx={{ fontSize: 20, mt: '2px', color: 'text.secondary' }}
                  />
                  {option.label}
                </Box>
              ))}
            </Box>
          </Paper>
        )}
        <Box role="status" sx={visuallyHidden}>
          {expanded ? `${options.length} suggestions available` : ''}
        </Box>
      </Box>
      <Button
        variant="outlined"
        size="large"
        onClick={onSearch}
        disabled={searching || value.trim() === ''}
        aria-label="Search"
        sx={{ height: 52, minWidth: 52, flexShrink: 0, px: { xs: 1.5, sm: 2.25 }, gap: 1 }}
      >
        <SearchRoundedIcon aria-hidden />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Search
        </Box>
      </Button>
    </Box>
  );
}
