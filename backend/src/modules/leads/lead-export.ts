import { type LeadExportFormat, type LeadListItem } from '@rafter/domain/crm';
import { LEAD_STATUS_LABELS } from '@rafter/domain/lead';
import { MATERIAL_LABELS } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, STORIES_LABELS } from '@rafter/domain/property';

export const CSV_HEADER = [
  'Created',
  'Name',
  'Email',
  'Phone',
  'Address',
  'Zip',
  'Material',
  'Stories',
  'Ownership',
  'Roof area (sq ft)',
  'Estimate low',
  'Estimate mid',
  'Estimate high',
  'Score',
  'Status',
  'Source',
] as const;

/** Spreadsheets run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text that a spreadsheet would run as a formula gets a leading
 * apostrophe, and a cell with a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A locked lead's contact cells (name included) stay empty, as on screen. */
export function csvRow(lead: LeadListItem): string {
  const contact = (value: string | null) => (lead.locked ? '' : (value ?? ''));
  return [
    lead.createdAt,
    contact(lead.name),
    contact(lead.email),
    contact(lead.phone),
    contact(lead.address),
    lead.zipCode,
    MATERIAL_LABELS[lead.material],
    STORIES_LABELS[lead.stories],
    OWNERSHIP_LABELS[lead.ownership],
    lead.roofArea,
    lead.estimateLow,
    lead.estimateMid,
    lead.estimateHigh,
    lead.score,
    LEAD_STATUS_LABELS[lead.status],
    lead.source,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The export file as text chunks, one per batch of leads: CSV (with a byte-order mark, so Excel
 * reads UTF-8 names right, and CRLF line ends) or a JSON array of list items.
 */
export async function* leadExportChunks(
  format: LeadExportFormat,
  batches: AsyncIterable<LeadListItem[]>,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n`;
    for await (const batch of batches) yield batch.map((lead) => `${csvRow(lead)}\r\n`).join('');
    return;
  }
  let first = true;
  yield '[';
  for await (const batch of batches) {
    yield batch
      .map((lead) => {
        const json = `${first ? '' : ','}\n${JSON.stringify(lead)}`;
        first = false;
        return json;
      })
      .join('');
  }
  yield first ? ']' : '\n]';
}
