import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import { Link } from 'react-router';
import { LEAD_LOCK_REASON_TEXTS, type LeadLockReason } from '@rafter/domain/crm';

interface LockedLeadNoticeProps {
  reason: LeadLockReason | null;
  upgradeTo: string;
}

/** Why a lead's contact details are hidden, and the way to see them. */
export function LockedLeadNotice({ reason, upgradeTo }: LockedLeadNoticeProps) {
  return (
    <Alert
      severity="warning"
      icon={<LockRoundedIcon fontSize="inherit" />}
      action={
        <Button
          component={Link}
          to={upgradeTo}
          color="inherit"
          size="small"
          sx={{ fontWeight: 700 }}
        >
          Upgrade
        </Button>
      }
    >
      Contact details are hidden.{' '}
      {reason ? LEAD_LOCK_REASON_TEXTS[reason] : 'Upgrade your plan to see them.'}
    </Alert>
  );
}
