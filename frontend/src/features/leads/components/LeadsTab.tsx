import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DEFAULT_LEAD_SORT,
  type LeadDetail,
  type LeadListItem,
  type LeadSort,
} from '@rafter/domain/crm';
import { LEAD_STATUS_LABELS, type LeadStatus } from '@rafter/domain/lead';
import { BOTTOM_BAR_HEIGHT_PX, PHONE_MEDIA, PHONE_QUERY } from '../../../theme/layout';
import { useExportLeads } from '../api/export-leads';
import { useLeadCounts } from '../api/get-lead-counts';
import { useLeads } from '../api/get-leads';
import type { LeadFilters } from '../api/lead-keys';
import { useMarkLeadSpam } from '../api/mark-lead-spam';
import { useUpdateLeadStatus } from '../api/update-lead-status';
import { LeadCard, LeadTableRow, type LeadRowProps } from './LeadRow';
import { LeadsToolbar } from './LeadsToolbar';
import { SoldPriceDialog } from './SoldPriceDialog';
import { StatusFilterTabs } from './StatusFilterTabs';

/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS = [
  'Lead Details',
  'Property Info',
  'Estimate Value',
  'Lead Score',
  'Status',
  'Actions',
] as const;

interface LeadsTabProps {
  /** Where a locked lead's 'Upgrade' goes. */
  upgradeTo: string;
}

/** 'Lead Management': search, status tabs with counts, sort, the lead list, status and notes. */
export function LeadsTab({ upgradeTo }: LeadsTabProps) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<LeadFilters>({
    q: '',
    status: 'all',
    sort: DEFAULT_LEAD_SORT,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  // The lead last flagged as spam, for the 'Undo' that takes it back.
  const [flagged, setFlagged] = useState<LeadDetail | null>(null);
  // The lead just marked Converted: asks what it sold for.
  const [sold, setSold] = useState<LeadListItem | null>(null);
  const markSpam = useMarkLeadSpam();
  const phone = useMediaQuery(PHONE_QUERY);

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((current) => ({ ...current, q: search.trim() })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  const leads = useLeads(filters);
  const counts = useLeadCounts(filters.q);
  const updateStatus = useUpdateLeadStatus();
  const exportLeads = useExportLeads();

  // Load failures are logged (spec section 8); the tab offers a retry instead of failing.
  useEffect(() => {
    if (leads.error) console.error('Failed to load leads', leads.error);
  }, [leads.error]);
  useEffect(() => {
    if (counts.error) console.error('Failed to load lead counts', counts.error);
  }, [counts.error]);

  const changeStatus = async (lead: LeadListItem, status: LeadStatus) => {
    if (status === lead.status) return;
    setSaving((current) => new Set(current).add(lead.id));
    try {
      // mutateAsync, not mutate: each row's save reports its own failure, even when overlapping.
      await updateStatus.mutateAsync({ id: lead.id, status });
      if (status === 'converted') setSold(lead);
    } catch (error) {
      console.error('Failed to update lead status', error);
      setNotice(
        `${lead.name} is still ${LEAD_STATUS_LABELS[lead.status]}: the change to ${LEAD_STATUS_LABELS[status]} was not saved. ${error instanceof Error ? error.message : ''}`,
      );
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(lead.id);
        return next;
      });
    }
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  const total = counts.data?.[filters.status];
  const rowProps = (lead: LeadListItem): LeadRowProps => ({
    lead,
    expanded: expanded.has(lead.id),
    onToggle: () => toggle(lead.id),
    savingStatus: saving.has(lead.id),
    onStatusChange: (status) => void changeStatus(lead, status),
    upgradeTo,
    onMarkedSpam: setFlagged,
  });

  const undoSpam = (lead: LeadDetail) => {
    setFlagged(null);
    markSpam.mutate(
      { id: lead.id, spam: false },
      { onError: () => setNotice(`${lead.name} is still marked as spam: that did not save.`) },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Lead Management
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Every homeowner who asked for a quote, scored and ready to follow up.
        </Typography>
      </Box>
      <LeadsToolbar
        search={search}
        onSearchChange={setSearch}
        sort={filters.sort}
        onSortChange={(sort: LeadSort) => setFilters((current) => ({ ...current, sort }))}
        exporting={exportLeads.isPending}
        onExport={(format) =>
          exportLeads.mutate(
            { format, filters },
            {
              onError: (error) => {
                console.error('Failed to export leads', error);
                setNotice(`The export did not download. ${error.message}`);
              },
            },
          )
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <StatusFilterTabs
          value={filters.status}
          onChange={(status) => setFilters((current) => ({ ...current, status }))}
          counts={counts.data}
        />
        {leads.isPending ? (
          <Box aria-busy sx={{ p: 2, display: 'grid', gap: 1.5 }}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} variant="rounded" height={56} />
            ))}
          </Box>
        ) : leads.isError && items.length === 0 ? (
          <Alert
            severity="info"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void leads.refetch()}>
                Retry
              </Button>
            }
          >
            Your leads did not load.
          </Alert>
        ) : items.length === 0 ? (
          <Box sx={{ py: 8, px: 2, textAlign: 'center' }}>
            <Typography component="p" variant="h6">
              No leads found
            </Typography>
            <Typography color="text.secondary">
              Try adjusting your filters or search term
            </Typography>
          </Box>
        ) : phone ? (
          <Box
            component="ul"
            aria-label="Leads"
            sx={{
              m: 0,
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              // Cards never grow wider than the phone for a long e-mail or address.
              gridTemplateColumns: 'minmax(0, 1fr)',
            }}
          >
            {items.map((lead) => (
              <LeadCard key={lead.id} {...rowProps(lead)} />
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label="Leads">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((lead) => (
                  <LeadTableRow key={lead.id} {...rowProps(lead)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {items.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" role="status">
            Showing {items.length}
            {total !== undefined && total >= items.length ? ` of ${total}` : ''} leads
          </Typography>
          {leads.hasNextPage && (
            <Button
              variant="outlined"
              loading={leads.isFetchingNextPage}
              onClick={() => void leads.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Box>
      )}
      <Snackbar
        open={flagged !== null}
        autoHideDuration={10_000}
        onClose={() => setFlagged(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ [PHONE_MEDIA]: { bottom: BOTTOM_BAR_HEIGHT_PX + 16 } }}
        message={flagged ? `${flagged.name} was marked as spam` : ''}
        action={
          flagged && (
            <Button color="inherit" size="small" onClick={() => undoSpam(flagged)}>
              Undo
            </Button>
          )
        }
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={8000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ [PHONE_MEDIA]: { bottom: BOTTOM_BAR_HEIGHT_PX + 16 } }}
      >
        <Alert severity="error" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
      {sold && (
        <SoldPriceDialog
          key={sold.id}
          leadId={sold.id}
          leadName={sold.name}
          soldPrice={null}
          onClose={() => setSold(null)}
        />
      )}
    </Box>
  );
}
