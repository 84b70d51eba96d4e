import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CancelRoundedIcon from '@mui/icons-material/CancelRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { LandingSection } from './LandingSection';

const COLUMNS = [
  {
    id: 'without',
    title: 'Without Rafter',
    positive: false,
    points: [
      'Phone tag with homeowners who only wanted a ballpark price',
      'A drive and a ladder for every quote, even for the tire-kickers',
      'Visitors leave your website without telling you who they are',
      'No way to tell a ready buyer from someone just curious',
    ],
  },
  {
    id: 'with',
    title: 'With Rafter',
    positive: true,
    points: [
      'Homeowners see a low, average and high price on your site in about a minute',
      'The roof is measured from the address, so you only drive out for serious jobs',
      'Every quote request arrives with contact details, address and roof size',
      'A 0-100 lead score tells you who to call first',
    ],
  },
] as const;

/** Before and after: quoting roofs the old way next to instant estimates and scored leads. */
export function ComparisonSection() {
  return (
    <LandingSection
      id="before-after"
      eyebrow="Before and after"
      title="Stop chasing quotes. Start closing jobs."
      intro="Most homeowners want a price before they pick up the phone. Give them one, and let the serious ones come to you."
      tinted
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: { xs: 2.5, md: 3 },
          maxWidth: 960,
          mx: 'auto',
        }}
      >
        {COLUMNS.map((column) => {
          const Icon = column.positive ? CheckCircleRoundedIcon : CancelRoundedIcon;
          return (
            <Box
              component="article"
              key={column.id}
              aria-labelledby={`compare-${column.id}-title`}
              sx={{
                p: { xs: 3, md: 4 },
                borderRadius: 4,
                border: column.positive ? 2 : 1,
                borderColor: column.positive ? 'primary.main' : 'divider',
                bgcolor: column.positive ? '#f0fdf4' : 'background.paper',
              }}
            >
              <Typography
                id={`compare-${column.id}-title`}
                variant="h3"
                sx={{
                  fontSize: '1.25rem',
                  color: column.positive ? 'primary.dark' : 'text.primary',
                }}
              >
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5 }}>
                {column.points.map((point) => (
                  <Box
                    component="li"
                    key={point}
                    sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1 }}
                  >
                    <Icon
                      aria-hidden
                      sx={{
                        mt: '1px',
                        fontSize: 22,
                        flexShrink: 0,
                        color: column.positive ? 'primary.main' : 'grey.500',
                      }}
                    />
                    <Typography>{point}</Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </LandingSection>
  );
}
