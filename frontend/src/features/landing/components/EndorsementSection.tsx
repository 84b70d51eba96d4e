import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import FormatQuoteRoundedIcon from '@mui/icons-material/FormatQuoteRounded';

export const ENDORSEMENT = {
  quote:
    'We price roofs for a living, so we were skeptical of anything that promised an instant number. ' +
    'Rafter’s ranges land close to what our estimators write up after a site visit, and the ' +
    'homeowners who ask for an exact quote have already seen a realistic price. The contractors ' +
    'we work with stopped driving out to jobs they were never going to win.',
  name: 'Marcus Bell',
  role: 'Chief Estimator',
  firm: 'Keystone Roof Estimating',
} as const;

/** What an estimating firm says about the estimates: the proof next to the demo. */
export function EndorsementSection() {
  return (
    <Box component="section" aria-labelledby="endorsement-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="md">
        <Typography
          id="endorsement-title"
          variant="overline"
          component="h2"
          sx={{ display: 'block', textAlign: 'center', color: 'primary.dark' }}
        >
          Endorsed by estimators
        </Typography>
        <Box component="figure" sx={{ m: 0, mt: 3, textAlign: 'center' }}>
          <FormatQuoteRoundedIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main' }} />
          <Box component="blockquote" sx={{ m: 0 }}>
            <Typography
              component="p"
              sx={{
                fontSize: { xs: '1.1875rem', md: '1.5rem' },
                fontWeight: 600,
                lineHeight: 1.5,
                letterSpacing: '-0.01em',
              }}
            >
              {ENDORSEMENT.quote}
            </Typography>
          </Box>
          <Box component="figcaption" sx={{ mt: 4 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {ENDORSEMENT.name}
            </Typography>
            <Typography component="span" color="textSecondary" sx={{ display: 'block' }}>
              {ENDORSEMENT.role}, {ENDORSEMENT.firm}
            </Typography>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
