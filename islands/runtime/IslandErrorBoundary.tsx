import { Component, type ErrorInfo, type ReactNode } from "react";
import { t } from "../lib/i18n";

interface Props {
  name: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps one broken island from blanking its area: it shows a small notice and logs the error. */
export class IslandErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Island "${this.props.name}" failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="island-error" role="alert">
          {t("Something went wrong")}
        </div>
      );
    }
    return this.props.children;
  }
}
