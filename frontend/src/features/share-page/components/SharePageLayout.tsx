import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachMoneyRoundedIcon from '@mui/icons-material/AttachMoneyRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import SatelliteAltRoundedIcon from '@mui/icons-material/SatelliteAltRounded';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';

export const FALLBACK_BUSINESS_NAME = 'Roofing Contractor';
export const FALLBACK_BUSINESS_ADDRESS = 'Professional Roofing Services';

export interface ShareBusiness {
  name: string;
  address: string;
  logoUrl: string | null;
}

interface SharePageLayoutProps {
  /** Null while the link loads: the header keeps the room its name and address will take. */
  business: ShareBusiness | null;
  /** The estimator, in the contractor's colours. */
  calculator: ReactNode;
}

function reasons(name: string) {
  return [
    {
      icon: BoltRoundedIcon,
      title: 'Instant estimate',
      text: 'See a low, average and high price for your new roof in about a minute.',
    },
    {
      icon: SatelliteAltRoundedIcon,
      title: 'Measured from above',
      text: 'Your roof is measured from satellite imagery: no ladder, no visit, no wait.',
    },
    {
      icon: HandshakeRoundedIcon,
      title: 'A local team',
      text: `${name} reviews your request and prepares an exact quote for your home.`,
    },
    {
      icon: AttachMoneyRoundedIcon,
      title: 'No obligation',
      text: 'The estimate is free. You decide whether you want an exact quote.',
    },
  ];
}

const STATS = [
  { value: '60 sec', label: 'to your estimate' },
  { value: '5', label: 'roofing materials priced' },
  { value: '3', label: 'prices: low, average, high' },
  { value: '$0', label: 'cost to you' },
];

function BusinessMark({ business }: { business: ShareBusiness | null }) {
  if (business?.logoUrl) {
    return (
      <Box
        component="img"
        src={business.logoUrl}
        alt={`${business.name} logo`}
        width={48}
        height={48}
        sx={{ width: 48, height: 48, objectFit: 'contain', borderRadius: 1.5, flexShrink: 0 }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
      }}
    >
      {business && <HomeRoundedIcon />}
    </Box>
  );
}

/** A contractor's public calculator page: header, hero, the calculator, reasons, stats, footer. */
export function SharePageLayout({ business: known, calculator }: SharePageLayoutProps) {
  // Below the fold, the generic name stands in until the contractor's arrives.
  const business = known ?? { name: FALLBACK_BUSINESS_NAME, address: '', logoUrl: null };
  // One line each (cut with an ellipsis), so the name arriving moves nothing below it.
  const line = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh' }}>
      <Box
        component="header"
        aria-busy={known ? undefined : true}
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg" sx={{ py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <BusinessMark business={known} />
          <Box sx={{ minWidth: 0, visibility: known ? 'visible' : 'hidden' }}>
            <Typography
              title={business.name}
              sx={{ ...line, fontWeight: 800, fontSize: '1.125rem', lineHeight: 1.3 }}
            >
              {business.name}
            </Typography>
            <Typography variant="body2" color="textSecondary" title={business.address} sx={line}>
              {business.address || '\u00a0'}
            </Typography>
          </Box>
        </Container>
      </Box>

      <Box component="main">
        <Box
          component="section"
          aria-labelledby="share-hero-title"
          sx={{
            bgcolor: 'primary.dark',
            backgroundImage: (theme) =>
              `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.dark} 55%, rgba(0, 0, 0, 0.18) 100%)`,
            color: 'primary.contrastText',
            pt: { xs: 5, md: 8 },
            pb: { xs: 12, md: 14 },
            textAlign: 'center',
          }}
        >
          <Container maxWidth="md">
            <Typography
              id="share-hero-title"
              variant="h1"
              sx={{ fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' } }}
            >
              Get Your Instant Roof Estimate
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              sx={{ mt: 2, opacity: 0.95, maxWidth: 560, mx: 'auto' }}
            >
              Find out what a new roof for your home costs in about a minute, with your roof
              measured from satellite imagery. Free, with no obligation.
            </Typography>
          </Container>
        </Box>

        <Container
          component="section"
          aria-label="Roof estimate calculator"
          maxWidth="md"
          sx={{ mt: { xs: -9, md: -10 }, position: 'relative' }}
        >
          {calculator}
        </Container>

        <Container
          component="section"
          aria-labelledby="why-choose-title"
          maxWidth="lg"
          sx={{ py: { xs: 7, md: 10 } }}
        >
          <Typography id="why-choose-title" variant="h2" sx={{ textAlign: 'center' }}>
            Why Choose {business.name}
          </Typography>
          <Box
            sx={{
              mt: 5,
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            {reasons(business.name).map(({ icon: Icon, title, text }) => (
              <Box
                key={title}
                sx={{
                  p: 3,
                  borderRadius: 3,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.hover',
                    color: 'primary.dark',
                  }}
                >
                  <Icon />
                </Box>
                <Typography variant="h3" sx={{ mt: 2, fontSize: '1.125rem' }}>
                  {title}
                </Typography>
                <Typography color="textSecondary" sx={{ mt: 1 }}>
                  {text}
                </Typography>
              </Box>
            ))}
          </Box>
        </Container>

        <Box
          component="section"
          aria-label="At a glance"
          sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: { xs: 5, md: 6 } }}
        >
          <Container maxWidth="lg">
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 3,
                textAlign: 'center',
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(4, minmax(0, 1fr))',
                },
              }}
            >
              {STATS.map((stat) => (
                <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
                  <Typography component="dt" sx={{ opacity: 0.95 }}>
                    {stat.label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800 }}
                  >
                    {stat.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Container>
        </Box>
      </Box>

      <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', py: 4 }}>
        <Container
          maxWidth="lg"
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1.5,
            justifyContent: 'space-between',
          }}
        >
          <Box>
            <Typography sx={{ fontWeight: 700, color: 'common.white' }}>{business.name}</Typography>
            <Typography variant="body2">{business.address}</Typography>
            <Typography variant="body2" sx={{ mt: 1, color: 'grey.400' }}>
              © {new Date().getFullYear()} {business.name.replace(/\.$/, '')}. All rights reserved.
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'grey.400' }}>
            Estimates by{' '}
            <Link component={RouterLink} to={APP_ROUTES.home} sx={{ color: 'grey.200' }}>
              Rafter
            </Link>
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
