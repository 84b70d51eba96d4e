import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PlanCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** What the plan adds, under the heading. */
  children: ReactNode;
  /** The button's text and where it goes (the Subscription tab). */
  action: string;
  to: string;
}

/** A section saying which plan brings a part of the Analytics tab, with the way to it. */
export function PlanCard({ id, title, children, action, to }: PlanCardProps) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <InsightsRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Box sx={{ flex: '1 1 260px' }}>
            <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {children}
            </Typography>
            <Button component={RouterLink} to={to} variant="contained" sx={{ mt: 2 }}>
              {action}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
