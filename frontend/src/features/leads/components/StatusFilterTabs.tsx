import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { LeadCounts } from '@rafter/domain/crm';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@rafter/domain/lead';

const FILTERS: readonly (LeadStatus | 'all')[] = ['all', ...LEAD_STATUSES];

interface StatusFilterTabsProps {
  value: LeadStatus | 'all';
  onChange: (value: LeadStatus | 'all') => void;
  /** Undefined while loading, or when the counts did not load. */
  counts: LeadCounts | undefined;
}

/** All / New / Contacted / Qualified / Converted / Lost, each with its number of leads. */
export function StatusFilterTabs({ value, onChange, counts }: StatusFilterTabsProps) {
  return (
    <Tabs
      value={value}
      onChange={(_, next: LeadStatus | 'all') => onChange(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Filter leads by status"
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {FILTERS.map((filter) => (
        <Tab
          key={filter}
          value={filter}
          sx={{ minHeight: 48, textTransform: 'none', fontWeight: 600 }}
          label={
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
              {filter === 'all' ? 'All' : LEAD_STATUS_LABELS[filter]}{' '}
              {counts && (
                <Box
                  component="span"
                  sx={{
                    px: 0.75,
                    borderRadius: 2,
                    bgcolor: 'grey.100',
                    color: 'text.primary',
                    fontSize: '0.8125rem',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {counts[filter]}
                </Box>
              )}
            </Box>
          }
        />
      ))}
    </Tabs>
  );
}
