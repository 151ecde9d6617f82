import { Component, lazy, type ReactNode, Suspense } from "react";

// Fetched only when a page has failed: the words cost a first load nothing.
const ErrorContent = lazy(() => import("../ui/ErrorPage").then((m) => ({ default: m.ErrorContent })));

interface Props {
  supportPhone: string;
  children: ReactNode;
}

/** SPEC §2's shared error page for a route that fails in the browser (the server shows its own
 * for a render that fails there). One per route set's frame; a new path starts it afresh, since
 * the route view is keyed by it. React reports the error itself. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorContent supportPhone={this.props.supportPhone} />
      </Suspense>
    );
  }
}
