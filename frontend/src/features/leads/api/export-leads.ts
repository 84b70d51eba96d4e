import { useMutation } from '@tanstack/react-query';
import { exportFileName, type LeadExportFormat } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { filterParams } from './get-leads';
import type { LeadFilters } from './lead-keys';

const MIME_TYPES: Readonly<Record<LeadExportFormat, string>> = {
  csv: 'text/csv',
  json: 'application/json',
};

/**
 * The export for the current search and status tab, as a file. It goes through the API client
 * (bearer token, refresh on 401), which hands back CSV as text and JSON parsed.
 */
export async function getLeadsExport(
  format: LeadExportFormat,
  filters: Pick<LeadFilters, 'q' | 'status'>,
): Promise<File> {
  const params = filterParams(filters);
  params.set('format', format);
  const payload = await api.get<unknown>(`/api/leads/export?${params}`, {
    auth: true,
    headers: { Accept: MIME_TYPES[format] },
  });
  // Reading the body as text drops the server's byte-order mark, which spreadsheets need to
  // open the CSV as UTF-8 (names with accents), so it is put back.
  const text =
    typeof payload === 'string'
      ? `${format === 'csv' ? '\uFEFF' : ''}${payload}`
      : JSON.stringify(payload, null, 2);
  return new File([text], exportFileName(format, new Date()), { type: MIME_TYPES[format] });
}

function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportLeads() {
  return useMutation({
    mutationFn: async ({
      format,
      filters,
    }: {
      format: LeadExportFormat;
      filters: Pick<LeadFilters, 'q' | 'status'>;
    }) => saveFile(await getLeadsExport(format, filters)),
  });
}
