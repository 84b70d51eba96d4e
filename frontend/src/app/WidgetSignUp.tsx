import AuthDialog from '../features/auth/components/AuthDialog';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { takePostSignInPath } from '../features/auth/utils/browser-storage';

interface WidgetSignUpProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The sign-up dialog on the standalone /widget page, loaded when the estimate-ready modal asks
 * for it. That page has no router: signing in goes on to the dashboard with a full page load.
 */
export default function WidgetSignUp({ open, onClose }: WidgetSignUpProps) {
  return (
    <AuthProvider>
      <AuthDialog
        open={open}
        initialMode="signup"
        notice={undefined}
        onClose={onClose}
        onSignedIn={() => window.location.assign(takePostSignInPath())}
      />
    </AuthProvider>
  );
}
