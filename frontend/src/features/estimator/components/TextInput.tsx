import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';

type HtmlInputProps = ComponentProps<'input'> & Record<`data-${string}`, string>;

interface TextInputProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  /** Shown under the field; an error replaces it. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  onChange?: ComponentProps<'input'>['onChange'];
  onBlur?: ComponentProps<'input'>['onBlur'];
  onFocus?: ComponentProps<'input'>['onFocus'];
  onKeyDown?: ComponentProps<'input'>['onKeyDown'];
  inputRef?: Ref<HTMLInputElement>;
  /** Extra attributes for the <input> (inputMode, maxLength, ARIA). */
  htmlInput?: HtmlInputProps;
  sx?: SxProps<Theme>;
}

/**
 * A text field with its label above it. Built on InputBase: MUI's TextField also carries
 * Select, Menu and Popover for its `select` mode, which the widget's first step cannot afford.
 */
export function TextInput({
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  inputRef,
  htmlInput,
  sx,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Box sx={sx}>
      <Box
        component="label"
        htmlFor={id}
        sx={{
          display: 'block',
          mb: 0.75,
          fontWeight: 600,
          fontSize: '0.9375rem',
          color: error ? 'error.main' : 'text.primary',
        }}
      >
        {label}
        {required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
            {' *'}
          </Box>
        )}
      </Box>
      <InputBase
        id={id}
        inputRef={inputRef}
        fullWidth
        error={error}
        required={required}
        disabled={disabled}
        {...input}
        inputProps={{
          ...htmlInput,
          'aria-invalid': error || undefined,
          'aria-describedby': helperText ? helperId : undefined,
        }}
        sx={{
          minHeight: 52,
          px: 1.75,
          borderRadius: 2,
          border: 1,
          borderColor: error ? 'error.main' : 'grey.400',
          bgcolor: 'background.paper',
          fontSize: '1rem',
          transition: 'border-color 120ms, box-shadow 120ms',
          '&:hover': { borderColor: error ? 'error.main' : 'grey.600' },
          '&.Mui-focused': {
            borderColor: error ? 'error.main' : 'primary.dark',
            boxShadow: (theme) =>
              `0 0 0 3px ${error ? theme.palette.error.light : theme.palette.primary.light}`,
          },
          '&.Mui-disabled': { bgcolor: 'grey.100' },
        }}
      />
      {helperText && (
        <Box
          id={helperId}
          sx={{
            mt: 0.5,
            minHeight: '1.25rem',
            fontSize: '0.8125rem',
            lineHeight: 1.5,
            color: error ? 'error.main' : 'text.secondary',
          }}
        >
          {helperText}
        </Box>
      )}
    </Box>
  );
}
