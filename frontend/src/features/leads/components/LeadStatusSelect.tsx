import Select from '@mui/material/Select';
import {
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
} from '@rafter/domain/lead';
import { badgeSx } from '../../../theme/lead-colors';

interface LeadStatusSelectProps {
  leadName: string;
  status: LeadStatus;
  saving: boolean;
  onChange: (status: LeadStatus) => void;
}

/**
 * Any status can be picked from any other (spec section 4). The value shown is always the
 * saved one: a pick only shows once the server has taken it.
 */
export function LeadStatusSelect({ leadName, status, saving, onChange }: LeadStatusSelectProps) {
  return (
    <Select
      native
      size="small"
      value={status}
      disabled={saving}
      onChange={(event) => onChange(event.target.value as LeadStatus)}
      inputProps={{ 'aria-label': `Status of ${leadName}` }}
      sx={{
        ...badgeSx(LEAD_STATUS_COLORS[status]),
        minWidth: 132,
        borderRadius: 5,
        '& .MuiNativeSelect-select': { py: 0.75 },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'transparent' },
        '& .MuiNativeSelect-icon': { color: 'inherit' },
        '& option': { bgcolor: 'background.paper', color: 'text.primary' },
      }}
    >
      {LEAD_STATUSES.map((value) => (
        <option key={value} value={value}>
          {LEAD_STATUS_LABELS[value]}
        </option>
      ))}
    </Select>
  );
}
