import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { BrandLogo } from '../../../components/BrandLogo';
import { SiteFooter } from '../../../components/SiteFooter';
import type { LegalDocumentContent } from '../types';

function BackToHomeButton() {
  return (
    <Button
      component={RouterLink}
      to={APP_ROUTES.home}
      variant="outlined"
      startIcon={<ArrowBackRoundedIcon />}
    >
      Back to home
    </Button>
  );
}

/** A legal page: numbered sections, a table of contents and a way home at both ends. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  const { title, lastUpdated, intro, sections } = document;

  return (
    <>
      <Box
        component="header"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Container
          maxWidth="md"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 2 }}
        >
          <BrandLogo />
        </Container>
      </Box>

      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <BackToHomeButton />

        <Typography variant="h1" sx={{ mt: 4, fontSize: { xs: '2rem', md: '2.5rem' } }}>
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Last updated {lastUpdated}
        </Typography>
        <Box sx={{ mt: 3, '& p': { mt: 0, mb: 2 } }}>{intro}</Box>

        <Paper
          component="nav"
          aria-labelledby="toc-heading"
          variant="outlined"
          sx={{ mt: 2, p: { xs: 2.5, sm: 3 }, bgcolor: 'grey.50' }}
        >
          <Typography id="toc-heading" variant="overline" component="h2" color="textSecondary">
            Contents
          </Typography>
          <Box
            component="ol"
            sx={{
              m: 0,
              mt: 1,
              pl: 3,
              columns: { xs: 1, sm: 2 },
              columnGap: 4,
              '& li': { mb: 0.75, breakInside: 'avoid' },
            }}
          >
            {sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`}>{section.title}</Link>
              </li>
            ))}
          </Box>
        </Paper>

        {sections.map((section, index) => (
          <Box
            component="section"
            key={section.id}
            aria-labelledby={section.id}
            sx={{
              mt: 5,
              '& p': { mt: 0, mb: 2 },
              '& ul': { mt: 0, mb: 2, pl: 3 },
              '& li': { mb: 1 },
              color: 'text.secondary',
              '& strong': { color: 'text.primary' },
            }}
          >
            <Typography
              id={section.id}
              variant="h2"
              sx={{ fontSize: { xs: '1.375rem', md: '1.5rem' }, mb: 2, color: 'text.primary' }}
            >
              {index + 1}. {section.title}
            </Typography>
            {section.content}
          </Box>
        ))}

        <Box sx={{ mt: 6, pt: 4, borderTop: 1, borderColor: 'divider' }}>
          <BackToHomeButton />
        </Box>
      </Container>

      <SiteFooter />
    </>
  );
}
