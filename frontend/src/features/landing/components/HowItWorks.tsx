import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LandingSection } from './LandingSection';

const STEPS = [
  {
    title: 'Sign Up',
    text: 'Choose a plan and create your account. Billing is month-to-month, and you can cancel any time.',
  },
  {
    title: 'Embed on Your Site',
    text: 'Paste one snippet into your website or share your branded calculator link. Setup takes about 5 minutes.',
  },
  {
    title: 'Leads Flow In',
    text: 'Homeowners get an instant estimate and ask for an exact quote. Each request reaches your dashboard with a 0-100 score.',
  },
  {
    title: 'Close More Deals',
    text: 'Call the best leads first, move every job through your pipeline and win more roofs.',
  },
] as const;

export function HowItWorks() {
  return (
    <LandingSection
      id="how-it-works"
      eyebrow="How it works"
      title="From visitor to signed job in 4 steps"
      intro="No developer and no new software to learn. Rafter works on any website."
    >
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          gap: { xs: 2.5, md: 3 },
        }}
      >
        {STEPS.map((step, index) => (
          <Box
            component="li"
            key={step.title}
            sx={{
              p: 3,
              borderRadius: 3,
              bgcolor: 'grey.50',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 40,
                height: 40,
                borderRadius: '50%',
                bgcolor: 'primary.dark',
                color: 'common.white',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 800,
              }}
            >
              {index + 1}
            </Box>
            <Typography variant="h3" sx={{ mt: 2, fontSize: '1.1875rem' }}>
              {step.title}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {step.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
}
