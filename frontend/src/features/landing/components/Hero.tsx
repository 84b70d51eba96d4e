import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RoofingRoundedIcon from '@mui/icons-material/RoofingRounded';
import { LANDING_CLAIMS } from './claims';
import { EstimatePreview } from './EstimatePreview';

export function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        pt: { xs: 6, md: 10 },
        pb: { xs: 8, sm: 12 },
        background:
          'radial-gradient(ellipse 80% 60% at 70% 0%, #dcfce7 0%, rgba(220, 252, 231, 0) 70%), linear-gradient(180deg, #f8fafc 0%, #ffffff 100%)',
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 0.9fr)' },
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              icon={<RoofingRoundedIcon />}
              label="Built for roofing contractors"
              color="primary"
              size="small"
            />
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ mt: 2.5, fontSize: { xs: '2.125rem', sm: '2.75rem', md: '3rem' } }}
            >
              Instant roof-replacement estimates that turn website visitors into{' '}
              <Box component="span" sx={{ color: 'primary.dark' }}>
                scored leads
              </Box>
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              color="textSecondary"
              sx={{ mt: 3, maxWidth: 560, fontSize: { md: '1.1875rem' } }}
            >
              Add a roof-cost calculator to your website. Homeowners get a low, average and high
              price for a new roof in about a minute. You get their contact details, property
              information and a 0-100 lead score, live in your dashboard.
            </Typography>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button href="#pricing" variant="contained" size="large">
                See plans and pricing
              </Button>
              <Button
                href="#demo"
                variant="outlined"
                size="large"
                endIcon={<ArrowDownwardRoundedIcon />}
              >
                Try the live demo
              </Button>
            </Stack>

            <Box
              component="ul"
              aria-label="Why contractors choose Rafter"
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                flexWrap: 'wrap',
                columnGap: 3,
                rowGap: 1.25,
                listStyle: 'none',
                p: 0,
                mt: 4,
                mb: 0,
              }}
            >
              {LANDING_CLAIMS.map((claim) => (
                <Box
                  component="li"
                  key={claim}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}
                >
                  <CheckCircleRoundedIcon
                    aria-hidden
                    sx={{ color: 'primary.main', fontSize: 20 }}
                  />
                  {claim}
                </Box>
              ))}
            </Box>
          </Box>

          <EstimatePreview />
        </Box>
      </Container>
    </Box>
  );
}
