import { Component, type ReactNode } from 'react';

interface MapErrorBoundaryProps {
  /** Shown instead of the map once it has thrown. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a map that cannot load or start from taking the estimator down with it. */
export class MapErrorBoundary extends Component<MapErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The map failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
