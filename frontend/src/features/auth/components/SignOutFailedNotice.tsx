import Snackbar from '@mui/material/Snackbar';
import { AUTH_FALLBACKS } from '@rafter/domain/auth-session';
import { AppTheme } from '../../../components/AppTheme';

/**
 * Says a sign-out failed. Only that needs it, so its code (and MUI's) stays out of the pages'
 * first load; a default export for React.lazy.
 */
export default function SignOutFailedNotice({ onClose }: { onClose: () => void }) {
  return (
    <AppTheme>
      <Snackbar open autoHideDuration={5000} onClose={onClose} message={AUTH_FALLBACKS.signOut} />
    </AppTheme>
  );
}
