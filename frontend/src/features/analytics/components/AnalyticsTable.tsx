import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { downloadCsv, toCsv, type CsvCell } from '../utils/csv';
import { formatDay } from '../utils/date-range';
import { formatCount } from '../utils/figures';

export interface AnalyticsColumn<Row> {
  header: string;
  /** The raw value, as the CSV file holds it. */
  value: (row: Row) => CsvCell;
  /** What the table shows; the value itself when absent. */
  display?: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A count, right-aligned and grouped ('1,234'); the CSV holds the number. */
export function countColumn<Row>(header: string, pick: (row: Row) => number): AnalyticsColumn<Row> {
  return { header, value: pick, display: (row) => formatCount(pick(row)), numeric: true };
}

/** The day of a daily row ('Oct 28, 2026'); the CSV holds YYYY-MM-DD. */
export function dayColumn<Row extends { day: string }>(): AnalyticsColumn<Row> {
  return { header: 'Day', value: (row) => row.day, display: (row) => formatDay(row.day) };
}

interface AnalyticsTableProps<Row> {
  /** The table's caption, also the name of its download button. */
  caption: string;
  /** A line under the caption (the range, what the figures count). */
  description?: string;
  columns: readonly AnalyticsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The downloaded file's name, without '.csv'. */
  filename: string;
  /** Shown in place of the rows when there are none. */
  emptyText?: string;
  /** Hidden behind a 'Show as a table' button (a chart above says the same); the download stays. */
  collapsible?: boolean;
}

/**
 * A figures table with its caption and a 'Download CSV' button that writes the same rows (raw
 * numbers, not the formatted text) in the browser. The first column heads each row.
 */
export function AnalyticsTable<Row>({
  caption,
  description,
  columns,
  rows,
  rowKey,
  filename,
  emptyText = 'Nothing in this range yet.',
  collapsible = false,
}: AnalyticsTableProps<Row>) {
  const tableId = useId();
  const [open, setOpen] = useState(!collapsible);
  const download = () =>
    downloadCsv(
      `${filename}.csv`,
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.value(row))),
      ),
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      {/* A phone scrolls a wide table sideways inside this box; the keyboard can too. */}
      <TableContainer
        id={tableId}
        hidden={!open}
        role="region"
        aria-label={caption}
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          mb: 1,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light' },
        }}
      >
        <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0 } }}>
          <caption>
            <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {caption}
            </Typography>
            {description && (
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block' }}
              >
                {description}
              </Typography>
            )}
          </caption>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  scope="col"
                  align={column.numeric ? 'right' : 'left'}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography variant="body2" color="text.secondary">
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column, index) => (
                  <TableCell
                    key={column.header}
                    {...(index === 0 ? { component: 'th', scope: 'row' } : {})}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ whiteSpace: column.numeric ? 'nowrap' : undefined }}
                  >
                    {column.display ? column.display(row) : column.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {collapsible && (
          <Button
            variant="outlined"
            size="small"
            aria-expanded={open}
            aria-controls={tableId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? `Hide the table` : `Show as a table`}
          </Button>
        )}
        <Button
          size="small"
          startIcon={<DownloadRoundedIcon />}
          onClick={download}
          aria-label={`Download CSV: ${caption}`}
        >
          Download CSV
        </Button>
      </Box>
    </Box>
  );
}
