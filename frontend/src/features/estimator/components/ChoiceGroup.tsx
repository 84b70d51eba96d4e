import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  caption?: string;
}

interface ChoiceGroupProps<T extends string> {
  name: string;
  /** Id of the step title that names the group. */
  labelledBy: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
}

/** Radio buttons drawn as large cards, easy to hit on a phone. */
export function ChoiceGroup<T extends string>({
  name,
  labelledBy,
  options,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <RadioGroup
      name={name}
      aria-labelledby={labelledBy}
      value={value ?? ''}
      onChange={(_event, next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onChange(option.value);
      }}
      sx={{ gap: 1.25 }}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{option.label}</Typography>
                {option.caption && (
                  <Typography variant="body2" color="textSecondary">
                    {option.caption}
                  </Typography>
                )}
              </Box>
            }
            sx={{
              m: 0,
              pr: 2,
              pl: 0.5,
              py: 0.5,
              borderRadius: 2,
              border: 2,
              borderColor: selected ? 'primary.dark' : 'divider',
              bgcolor: selected ? 'action.hover' : 'background.paper',
              transition: 'border-color 120ms, background-color 120ms',
              '&:hover': { borderColor: selected ? 'primary.dark' : 'grey.400' },
              '& .MuiFormControlLabel-label': { minWidth: 0 },
            }}
          />
        );
      })}
    </RadioGroup>
  );
}
