import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  /** The last failure, shown above the fields. */
  failure?: string | null;
  /** Notices above the fields, for forms whose failures offer an action. */
  notices?: ReactNode;
  /** Between the fields and the submit button. */
  beforeSubmit?: ReactNode;
  children: ReactNode;
}

/** The layout every auth form shares: notices, the fields, one full-width submit button. */
export function AuthForm({
  onSubmit,
  submitLabel,
  submitting,
  failure,
  notices,
  beforeSubmit,
  children,
}: AuthFormProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {notices}
      <Stack spacing={0.5}>{children}</Stack>
      {beforeSubmit}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={submitting}
        sx={beforeSubmit ? undefined : { mt: 1 }}
      >
        {submitLabel}
      </Button>
    </Box>
  );
}
