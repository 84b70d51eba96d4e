import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import type { DashboardMetrics, MetricChanges } from '@rafter/domain/crm';
import { formatUsd } from '@rafter/domain/estimate';
import { visuallyHidden } from '../../../components/visually-hidden';
import { tintText } from '../../../theme/lead-colors';

type MetricKey = keyof MetricChanges;

const count = new Intl.NumberFormat('en-US');

const CARDS: readonly {
  key: MetricKey;
  label: string;
  icon: ReactElement;
  format: (value: number) => string;
}[] = [
  { key: 'totalLeads', label: 'Total Leads', icon: <GroupsRoundedIcon />, format: count.format },
  {
    key: 'qualifiedLeads',
    label: 'Qualified Leads',
    icon: <VerifiedRoundedIcon />,
    format: count.format,
  },
  {
    key: 'averageRoofValue',
    label: 'Avg. Roof Value',
    icon: <PaymentsRoundedIcon />,
    format: formatUsd,
  },
  {
    key: 'conversionRate',
    label: 'Conversion Rate',
    icon: <PercentRoundedIcon />,
    format: (value) => `${value}%`,
  },
];

/** The change against the previous 30 days: up green, down red, said in words as well. */
function Change({ percent }: { percent: number }) {
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const color =
    direction === 'up'
      ? tintText('green')
      : direction === 'down'
        ? tintText('red')
        : 'text.secondary';
  return (
    <Typography
      variant="body2"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 0.5,
        color,
        fontWeight: 600,
      }}
    >
      {direction === 'up' && <TrendingUpRoundedIcon fontSize="small" aria-hidden />}
      {direction === 'down' && <TrendingDownRoundedIcon fontSize="small" aria-hidden />}
      <Box component="span" sx={visuallyHidden}>
        {direction === 'up' ? 'Up ' : direction === 'down' ? 'Down ' : 'Unchanged '}
      </Box>
      {Math.abs(percent)}%{' '}
      <Box
        component="span"
        sx={{ color: 'text.secondary', fontWeight: 400, fontSize: '0.8125rem' }}
      >
        vs previous 30 days
      </Box>
    </Typography>
  );
}

interface MetricCardsProps {
  metrics: DashboardMetrics | undefined;
}

/** Total Leads, Qualified Leads, Avg. Roof Value and Conversion Rate, as the server computed them. */
export function MetricCards({ metrics }: MetricCardsProps) {
  return (
    <Box
      component="ul"
      aria-label="Lead metrics"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {CARDS.map((card) => {
        const change = metrics?.changes[card.key];
        return (
          <Card component="li" key={card.key}>
            <CardContent sx={{ display: 'grid', gap: 1, p: { xs: 2, sm: 3 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
                <Box aria-hidden sx={{ display: 'flex', color: 'primary.dark' }}>
                  {card.icon}
                </Box>
                <Typography component="h2" variant="body2" sx={{ fontWeight: 600 }}>
                  {card.label}
                </Typography>
              </Box>
              {metrics ? (
                <Typography
                  sx={{
                    fontSize: { xs: '1.5rem', sm: '1.875rem' },
                    fontWeight: 800,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {card.format(metrics[card.key])}
                </Typography>
              ) : (
                <Skeleton width="60%" sx={{ fontSize: '1.875rem' }} />
              )}
              {change !== undefined && change !== null && <Change percent={change} />}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
