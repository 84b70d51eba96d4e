import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import PaletteRoundedIcon from '@mui/icons-material/PaletteRounded';
import ViewKanbanRoundedIcon from '@mui/icons-material/ViewKanbanRounded';
import { LandingSection } from './LandingSection';

const FEATURES: readonly { icon: typeof SvgIcon; title: string; text: string }[] = [
  {
    icon: BoltRoundedIcon,
    title: 'Instant estimates',
    text: 'Homeowners find their house on a satellite map, answer three questions and see a low, average and high price straight away.',
  },
  {
    icon: InsightsRoundedIcon,
    title: 'AI lead scoring',
    text: 'Every quote request gets a score from 0 to 100 based on ownership, roofing material and roof size, so you know who to call first.',
  },
  {
    icon: ViewKanbanRoundedIcon,
    title: 'Lead-management CRM',
    text: 'Search, filter and sort your leads, move them through pipeline stages and keep notes on every job.',
  },
  {
    icon: MarkEmailUnreadRoundedIcon,
    title: 'Email notifications',
    text: 'Get an email the moment a homeowner asks for a quote, while they are still thinking about their roof.',
  },
  {
    icon: LinkRoundedIcon,
    title: 'Shareable calculator page',
    text: 'A branded calculator page of your own to share by text, email or social media. No website needed.',
  },
  {
    icon: PaletteRoundedIcon,
    title: 'Your brand, your prices',
    text: 'Match the calculator to your colors and logo, and set your own price per square foot for each material.',
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to win more roofing jobs"
      intro="Give homeowners the price they are looking for, and get the details you need to follow up."
      tinted
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
          gap: { xs: 2.5, md: 3 },
        }}
      >
        {FEATURES.map(({ icon: Icon, title, text }) => (
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
              sx={{
                width: 44,
                height: 44,
                borderRadius: 2.5,
                bgcolor: '#dcfce7',
                color: 'primary.dark',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Icon aria-hidden />
            </Box>
            <Typography variant="h3" sx={{ mt: 2, fontSize: '1.125rem' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
}
