import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LocationOnRoundedIcon from '@mui/icons-material/LocationOnRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';

const SAMPLE_ESTIMATE = [
  { label: 'Low', amount: '$7,990' },
  { label: 'Average', amount: '$10,986', highlight: true },
  { label: 'High', amount: '$13,983' },
] as const;

/**
 * A picture of what the product does: the estimate a homeowner sees and the lead the contractor
 * receives. Decorative, so screen readers skip it; the copy beside it says the same in words.
 */
export function EstimatePreview() {
  return (
    <Box aria-hidden sx={{ position: 'relative', maxWidth: 460, mx: 'auto', width: '100%' }}>
      <Paper
        sx={{
          p: { xs: 2.5, sm: 3 },
          borderRadius: 4,
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 24px 48px -12px rgba(15, 23, 42, 0.18)',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            Step 6 of 6
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.dark' }}>
            Estimate ready
          </Typography>
        </Box>
        <Box sx={{ mt: 1, height: 6, borderRadius: 3, bgcolor: 'primary.main' }} />

        <Typography sx={{ mt: 3, fontWeight: 800, fontSize: '1.25rem' }}>
          Your Estimated Cost
        </Typography>
        <Box
          sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
        >
          <LocationOnRoundedIcon sx={{ fontSize: 18 }} />
          <Typography variant="body2">2,350 sq ft · Asphalt shingles · 2 stories</Typography>
        </Box>

        <Box
          sx={{
            mt: 2.5,
            display: 'grid',
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            gap: 1,
          }}
        >
          {SAMPLE_ESTIMATE.map((item) => (
            <Box
              key={item.label}
              sx={{
                p: { xs: 1.25, sm: 1.5 },
                borderRadius: 2,
                textAlign: 'center',
                bgcolor: 'highlight' in item ? '#dcfce7' : 'grey.50',
                border: 1,
                borderColor: 'highlight' in item ? '#86efac' : 'divider',
              }}
            >
              <Typography variant="body2" color="textSecondary">
                {item.label}
              </Typography>
              <Typography
                sx={{
                  fontWeight: 800,
                  fontSize: { xs: '1rem', sm: '1.125rem' },
                  color: 'highlight' in item ? '#14532d' : 'text.primary',
                }}
              >
                {item.amount}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: 2.5,
            py: 1.25,
            borderRadius: 2,
            bgcolor: 'primary.dark',
            color: 'common.white',
            textAlign: 'center',
            fontWeight: 600,
          }}
        >
          Get Exact Quote
        </Box>
      </Paper>

      <Paper
        sx={{
          position: { xs: 'relative', sm: 'absolute' },
          mt: { xs: 2, sm: 0 },
          right: { sm: -16 },
          bottom: { sm: -64 },
          width: { xs: '100%', sm: 330 },
          p: 2,
          borderRadius: 3,
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          boxShadow: '0 16px 32px -12px rgba(15, 23, 42, 0.22)',
        }}
      >
        <Box
          sx={{
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: '#dcfce7',
            color: 'primary.dark',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <NotificationsActiveRoundedIcon sx={{ fontSize: 22 }} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
            New lead: Sarah M.
          </Typography>
          <Typography color="textSecondary" noWrap sx={{ fontSize: '0.8125rem' }}>
            Homeowner · $10,986 avg
          </Typography>
        </Box>
        <Box
          sx={{
            ml: 'auto',
            px: 1,
            py: 0.5,
            borderRadius: 1.5,
            bgcolor: '#14532d',
            color: 'common.white',
            fontWeight: 800,
            fontSize: '0.875rem',
          }}
        >
          95
        </Box>
      </Paper>
    </Box>
  );
}
