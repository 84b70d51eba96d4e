import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { BrandLogo } from '../../components/BrandLogo';
import { SiteFooter } from '../../components/SiteFooter';
import { ResetPasswordPanel } from '../../features/auth/components/ResetPasswordPanel';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: '#f8fafc' }}>
      <Box component="header" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <BrandLogo />
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, py: { xs: 4, sm: 8 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, mx: 'auto' }}>
          <ResetPasswordPanel />
        </Paper>
      </Container>
      <SiteFooter />
    </Box>
  );
}
