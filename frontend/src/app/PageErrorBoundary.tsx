import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_ROUTES } from '@rafter/domain/routes';

interface PageErrorBoundaryProps {
  /** The boundary clears its error when the reader navigates to another page. */
  pathname: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: unknown;
  pathname: string;
}

/**
 * Catches a page that throws while rendering, or whose code cannot be loaded (for instance an
 * old tab after a release replaced the page chunks; reloading fetches the current ones).
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(_props: PageErrorBoundaryProps, previous: PageErrorBoundaryState) {
    if (this.state.error && !previous.error) document.title = 'Something went wrong · Rafter';
  }

  override render() {
    if (!this.state.error) return this.props.children;

    return (
      <Stack
        component="main"
        spacing={2}
        sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}
      >
        <Typography variant="h1" sx={{ textAlign: 'center' }}>
          Something went wrong
        </Typography>
        <Typography color="textSecondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
          This page could not be shown. Reloading usually fixes it; if it keeps happening, please
          let us know.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button variant="outlined" href={APP_ROUTES.home}>
            Go to home page
          </Button>
        </Stack>
      </Stack>
    );
  }
}
