import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface StepLayoutProps {
  title: string;
  /** Id for the title, when fields inside are named by it. */
  titleId?: string;
  description?: ReactNode;
  /** Moves focus to the title when the step appears, so screen readers announce it. */
  focusTitle: boolean;
  /** Continue (Enter in a field submits the step too). */
  onSubmit: () => void;
  /** Back and Continue. */
  actions: ReactNode;
  children: ReactNode;
}

/** One estimator step: a form with its title, fields and Back / Continue row. */
export function StepLayout({
  title,
  titleId: givenTitleId,
  description,
  focusTitle,
  onSubmit,
  actions,
  children,
}: StepLayoutProps) {
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Only when the step first appears, not when the parent re-renders it.
  const [focusOnMount] = useState(focusTitle);

  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Typography
        id={titleId}
        ref={titleRef}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      {description && (
        <Typography color="textSecondary" sx={{ mt: 0.75 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 3 }}>{children}</Box>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {actions}
      </Stack>
    </Box>
  );
}
