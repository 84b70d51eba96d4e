import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface AuthTextFieldProps {
  registration: UseFormRegisterReturn;
  label: string;
  error: FieldError | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * A labelled field for the auth forms. The helper line is always there (a space when empty), so
 * an error appearing does not push the fields below it; password fields can be shown in clear.
 */
export function AuthTextField({
  registration,
  label,
  error,
  type = 'text',
  autoComplete,
  autoFocus = false,
  disabled = false,
}: AuthTextFieldProps) {
  const { ref, ...field } = registration;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  return (
    <TextField
      {...field}
      inputRef={ref}
      label={label}
      type={isPassword && revealed ? 'text' : type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      error={error !== undefined}
      helperText={error?.message ?? ' '}
      fullWidth
      slotProps={{
        htmlInput: {
          ...(type === 'email' ? { inputMode: 'email', autoCapitalize: 'none' } : {}),
          spellCheck: false,
        },
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    aria-label={revealed ? 'Hide password' : 'Show password'}
                    aria-pressed={revealed}
                    onClick={() => setRevealed((value) => !value)}
                  >
                    {revealed ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : {},
      }}
    />
  );
}
