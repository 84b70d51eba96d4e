import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SECTION_SCROLL_MARGIN } from './landing-layout';

interface LandingSectionProps {
  /** Anchor for in-page links (#features); the heading gets `<id>-title`. */
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** A grey band, to set the section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

/** A landing page section: eyebrow, h2 and intro centred above the content. */
export function LandingSection({
  id,
  eyebrow,
  title,
  intro,
  tinted,
  children,
}: LandingSectionProps) {
  const titleId = `${id}-title`;

  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      sx={[
        { py: { xs: 8, md: 12 }, scrollMarginTop: SECTION_SCROLL_MARGIN },
        tinted === true && { bgcolor: 'grey.50', borderBlock: 1, borderColor: 'divider' },
      ]}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 5, md: 7 } }}>
          <Typography variant="overline" component="p" sx={{ color: 'primary.dark' }}>
            {eyebrow}
          </Typography>
          <Typography
            id={titleId}
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mt: 1 }}
          >
            {title}
          </Typography>
          {intro && (
            <Typography variant="subtitle1" component="p" color="textSecondary" sx={{ mt: 2 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
