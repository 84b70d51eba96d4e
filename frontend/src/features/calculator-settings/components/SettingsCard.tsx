import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface SettingsCardProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** One titled section of the Calculator tab, a labelled region for screen readers. */
export function SettingsCard({ title, description, children }: SettingsCardProps) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}
