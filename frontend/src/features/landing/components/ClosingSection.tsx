import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import { CONTACT_EMAIL } from '../../../lib/contact';

export function ClosingSection() {
  return (
    <Box component="section" aria-labelledby="closing-title" sx={{ pb: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 5,
            px: { xs: 3, sm: 6 },
            py: { xs: 6, md: 8 },
            textAlign: 'center',
            color: 'common.white',
            background: 'linear-gradient(135deg, #14532d 0%, #166534 55%, #15803d 100%)',
          }}
        >
          <Typography
            id="closing-title"
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}
          >
            Turn your website into a lead machine
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ mt: 2, mx: 'auto', maxWidth: 560, color: '#dcfce7' }}
          >
            Set up in 5 minutes, pay month to month and try it risk-free with our 14-day money-back
            guarantee. Questions first? We are happy to help.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 4, justifyContent: 'center' }}
          >
            <Button
              href="#pricing"
              size="large"
              variant="contained"
              sx={{
                bgcolor: 'common.white',
                color: '#14532d',
                '&:hover': { bgcolor: '#f0fdf4' },
              }}
            >
              Compare plans
            </Button>
            <Button
              href={`mailto:${CONTACT_EMAIL}`}
              size="large"
              variant="outlined"
              startIcon={<MailOutlineRoundedIcon />}
              sx={{
                color: 'common.white',
                borderColor: 'rgba(255, 255, 255, 0.5)',
                '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255, 255, 255, 0.08)' },
              }}
            >
              Email us
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
