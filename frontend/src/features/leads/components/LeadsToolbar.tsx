import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  LEAD_EXPORT_FORMATS,
  LEAD_SEARCH_MAX_LENGTH,
  LEAD_SORT_LABELS,
  LEAD_SORTS,
  type LeadExportFormat,
  type LeadSort,
} from '@rafter/domain/crm';

interface LeadsToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: LeadSort;
  onSortChange: (sort: LeadSort) => void;
  exporting: boolean;
  onExport: (format: LeadExportFormat) => void;
}

/** Search, sort and export of the Leads tab. */
export function LeadsToolbar(props: LeadsToolbarProps) {
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto auto' },
        alignItems: 'center',
      }}
    >
      <TextField
        type="search"
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
        placeholder="Search leads..."
        size="small"
        slotProps={{
          htmlInput: { 'aria-label': 'Search leads', maxLength: LEAD_SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Sort by"
        size="small"
        value={props.sort}
        onChange={(event) => props.onSortChange(event.target.value as LeadSort)}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 170 }}
      >
        {LEAD_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {LEAD_SORT_LABELS[sort]}
          </option>
        ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={<DownloadRoundedIcon />}
        loading={props.exporting}
        aria-haspopup="menu"
        aria-expanded={exportMenu !== null}
        aria-controls={exportMenu ? 'lead-export-menu' : undefined}
        onClick={(event) => setExportMenu(event.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id="lead-export-menu"
        anchorEl={exportMenu}
        open={exportMenu !== null}
        onClose={() => setExportMenu(null)}
      >
        {LEAD_EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setExportMenu(null);
              props.onExport(format);
            }}
          >
            Export {format.toUpperCase()}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
