import { Component, type ErrorInfo, type ReactNode } from 'react';
import { APP_ROUTES } from '@rafter/domain/routes';
import buttons from '../components/button.module.css';
import styles from './page-error.module.css';

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
      <main className={styles.page}>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>
          This page could not be shown. Reloading usually fixes it; if it keeps happening, please
          let us know.
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttons.button} ${buttons.contained}`}
            onClick={() => window.location.reload()}
          >
            Reload page
          </button>
          <a className={`${buttons.button} ${buttons.outlined}`} href={APP_ROUTES.home}>
            Go to home page
          </a>
        </div>
      </main>
    );
  }
}
