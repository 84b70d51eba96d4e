import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import { LOGO_ERRORS, LOGO_MAX_BYTES } from '@rafter/domain/settings';
import { LOGO_HINT, LOGO_LOCKED_TEXT } from '../profile-constants';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Spec section 5's client checks; the server checks the content again by its bytes. */
export function logoFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return LOGO_ERRORS.notImage;
  if (file.size > LOGO_MAX_BYTES) return LOGO_ERRORS.tooLarge;
  return null;
}

interface LogoFieldProps {
  currentUrl: string | null;
  locked: boolean;
  onLocked: () => void;
  /** The accepted new file, or null when none (or a refused one) is chosen. */
  onChange: (file: File | null) => void;
}

export function LogoField({ currentUrl, locked, onLocked, onChange }: LogoFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const choose = (file: File | undefined) => {
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused) {
      setPreviewUrl(null);
      onChange(null);
      return;
    }
    setPreviewUrl(URL.createObjectURL(file));
    onChange(file);
  };

  const shown = previewUrl ?? currentUrl;
  return (
    <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={`${id}-label`} sx={{ fontWeight: 600 }}>
        Logo
      </Typography>
      {locked ? (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LockRoundedIcon />}
          onClick={onLocked}
          sx={{ justifySelf: 'start' }}
        >
          {LOGO_LOCKED_TEXT}
        </Button>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Avatar
              variant="rounded"
              src={shown ?? undefined}
              alt={shown ? 'Logo preview' : undefined}
              sx={{ width: 72, height: 72, bgcolor: 'grey.200', color: 'text.secondary' }}
            >
              <HomeRoundedIcon />
            </Avatar>
            <Button component="label" variant="outlined" startIcon={<UploadRoundedIcon />}>
              {shown ? 'Change Logo' : 'Upload Logo'}
              <Box
                component="input"
                type="file"
                accept="image/*"
                aria-describedby={`${id}-hint`}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
                  choose(event.target.files?.[0]);
                  // Choosing the same file again after a refusal fires a change again.
                  event.target.value = '';
                }}
                sx={visuallyHidden}
              />
            </Button>
          </Box>
          <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
            {LOGO_HINT}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
        </>
      )}
    </Box>
  );
}
