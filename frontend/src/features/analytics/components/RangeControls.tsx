import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AnalyticsRange } from '../hooks/use-analytics-range';
import { RANGE_PRESET_LABELS, RANGE_PRESETS, type RangePreset } from '../utils/date-range';

/** The date range: a preset, or two dates for a custom one. */
export function RangeControls({ range }: { range: AnalyticsRange }) {
  const { preset, custom, errors } = range;
  return (
    <Box
      role="group"
      aria-label="Date range"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <TextField
        select
        label="Date range"
        size="small"
        value={preset}
        onChange={(event) => range.setPreset(event.target.value as RangePreset)}
        sx={{ minWidth: 180 }}
      >
        {RANGE_PRESETS.map((option) => (
          <MenuItem key={option} value={option}>
            {RANGE_PRESET_LABELS[option]}
          </MenuItem>
        ))}
      </TextField>
      {preset === 'custom' && (
        <>
          <TextField
            type="date"
            label="From"
            size="small"
            value={custom.from}
            onChange={(event) => range.setCustom({ ...custom, from: event.target.value })}
            error={errors.from !== undefined}
            helperText={errors.from ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="To"
            size="small"
            value={custom.to}
            onChange={(event) => range.setCustom({ ...custom, to: event.target.value })}
            error={errors.to !== undefined}
            helperText={errors.to ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </Box>
  );
}
