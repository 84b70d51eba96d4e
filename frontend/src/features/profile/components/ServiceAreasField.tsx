import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { describeServiceArea, parseServiceArea } from '@rafter/domain/service-area';

/** What is wrong with each entry, in order; empty when every entry is an area. */
export function serviceAreaErrors(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => {
    const parsed = parseServiceArea(entry);
    return 'error' in parsed ? [parsed.error] : [];
  });
}

interface ServiceAreasFieldProps {
  /** One entry per area, as typed. */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}

const HELP =
  'One area per entry: a zip code (78701), a city and state (Austin, TX), a county and state (Travis County, TX) or a whole state (TX). Press Enter after each.';

/**
 * Areas of Service as chips: each entry typed and confirmed with Enter (or by leaving the field)
 * is one area, commas and all, so 'Austin, TX' stays one city. Each entry is checked as it is
 * added; an entry that is not an area shows in red with a message saying what to type.
 */
export function ServiceAreasField({ value, onChange, disabled = false }: ServiceAreasFieldProps) {
  const id = useId();
  const [input, setInput] = useState('');
  const errors = serviceAreaErrors(value);
  const helpId = `${id}-help`;
  const errorsId = `${id}-errors`;

  const add = (entries: readonly string[]) => {
    const typed = entries.map((entry) => entry.trim().replace(/\s+/g, ' ')).filter(Boolean);
    onChange(typed);
  };

  return (
    <Box>
      <Autocomplete
        multiple
        freeSolo
        autoSelect
        disabled={disabled}
        options={[] as string[]}
        value={value}
        inputValue={input}
        onInputChange={(_, next) => setInput(next)}
        onChange={(_, next) => add(next)}
        renderValue={(entries, getItemProps) =>
          entries.map((entry, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const parsed = parseServiceArea(entry);
            const invalid = 'error' in parsed;
            return (
              <Chip
                key={key}
                {...itemProps}
                label={entry}
                // What the entry covers ('All of Washington'), so a state is never taken by surprise.
                title={'error' in parsed ? parsed.error : describeServiceArea(parsed.area)}
                size="small"
                color={invalid ? 'error' : 'default'}
                variant={invalid ? 'outlined' : 'filled'}
                data-testid="service-area-chip"
                aria-invalid={invalid || undefined}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Areas of Service"
            placeholder={value.length === 0 ? 'Austin, TX' : undefined}
            error={errors.length > 0}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-describedby': errors.length > 0 ? `${errorsId} ${helpId}` : helpId,
              },
            }}
          />
        )}
      />
      {errors.length > 0 && (
        <Box
          id={errorsId}
          data-testid="service-area-errors"
          role="alert"
          sx={{ mt: 0.75, color: 'error.main', typography: 'caption' }}
        >
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </Box>
        </Box>
      )}
      <Box id={helpId} sx={{ mt: 0.5, mx: 1.75, color: 'text.secondary', typography: 'caption' }}>
        {HELP}
      </Box>
    </Box>
  );
}
