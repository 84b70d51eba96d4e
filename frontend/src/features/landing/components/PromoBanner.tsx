import Box from '@mui/material/Box';
import LocalOfferRoundedIcon from '@mui/icons-material/LocalOfferRounded';
import { BILLING_TERMS } from '@rafter/domain/plans';

export function PromoBanner() {
  return (
    <Box
      role="note"
      aria-label="Promotion"
      sx={{
        bgcolor: '#14532d',
        color: 'common.white',
        px: 1.5,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        fontSize: { xs: '0.8125rem', sm: '0.875rem' },
        fontWeight: 500,
        textAlign: 'center',
      }}
    >
      <LocalOfferRoundedIcon
        aria-hidden
        sx={{ fontSize: 16, color: '#86efac', display: { xs: 'none', sm: 'block' } }}
      />
      <span>
        Use code{' '}
        <Box component="strong" sx={{ color: '#bbf7d0', letterSpacing: '0.04em' }}>
          {BILLING_TERMS.promoCode}
        </Box>{' '}
        for {BILLING_TERMS.promoPercentOff}% off your first month
      </span>
    </Box>
  );
}
