export type CsvCell = string | number | null;

/**
 * A text cell as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break, with
 * quotes doubled. Campaign names come from anyone's URL, so a text that a spreadsheet would run
 * as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and data rows as CSV text, lines ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a file; the byte-order mark makes Excel read it as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
