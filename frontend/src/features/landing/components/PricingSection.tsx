import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import { Link as RouterLink } from 'react-router';
import { BILLING_TERMS, PLAN_LIST, type PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { LANDING_CLAIMS } from './claims';
import { PlanCard } from './PlanCard';
import { LandingSection } from './LandingSection';

interface PricingSectionProps {
  onSelectPlan?: (plan: PlanId) => void;
  /** A pointer or focus reached a plan button: a chance to load what its click needs. */
  onPlanIntent?: () => void;
}

export function PricingSection({ onSelectPlan, onPlanIntent }: PricingSectionProps) {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple month-to-month pricing"
      intro={
        <>
          No contracts and no setup fees. Use code <strong>{BILLING_TERMS.promoCode}</strong> for{' '}
          {BILLING_TERMS.promoPercentOff}% off your first month.
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 4, md: 3 },
          alignItems: 'stretch',
          maxWidth: { xs: 440, md: 'none' },
          mx: 'auto',
        }}
      >
        {PLAN_LIST.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onSelect={onSelectPlan && ((chosen) => onSelectPlan(chosen.id))}
            onIntent={onPlanIntent}
          />
        ))}
      </Box>
      <Box
        component="ul"
        aria-label="Included with every plan"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: { xs: 5, md: 6 },
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          gap: { xs: 1.5, md: 2 },
          maxWidth: { xs: 440, sm: 'none' },
          mx: 'auto',
        }}
      >
        {LANDING_CLAIMS.map((claim) => (
          <Box
            component="li"
            key={claim}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: { md: 'center' },
              gap: 1,
              px: 2,
              py: 1.5,
              borderRadius: 3,
              bgcolor: 'grey.50',
              border: 1,
              borderColor: 'divider',
              fontWeight: 600,
            }}
          >
            <CheckCircleRoundedIcon aria-hidden sx={{ color: 'primary.main', fontSize: 20 }} />
            {claim}
          </Box>
        ))}
      </Box>
      <Box
        sx={{
          mt: { xs: 3, md: 4 },
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          justifyContent: 'center',
          textAlign: { xs: 'left', sm: 'center' },
          color: 'text.secondary',
        }}
      >
        <VerifiedUserRoundedIcon aria-hidden sx={{ color: 'primary.main', mt: '2px' }} />
        <Typography variant="body2">
          Every plan comes with a {BILLING_TERMS.moneyBackDays}-day money-back guarantee.{' '}
          <Link component={RouterLink} to={`${APP_ROUTES.terms}#refunds`}>
            See the refund terms
          </Link>
          .
        </Typography>
      </Box>
    </LandingSection>
  );
}
