interface Props {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  loadingText: string;
  failedText: string;
  emptyText: string;
}

/** What a list shows instead of rows: its loading line, its failure, or its empty text; null when rows follow. */
export function ListStatus({ loading, failed, empty, loadingText, failedText, emptyText }: Props) {
  if (failed) {
    return (
      <div className="alert alert-error" role="alert">
        {failedText}
      </div>
    );
  }
  if (loading) {
    return (
      <div className="loading-state loading-compact" role="status">
        <span className="spinner" aria-hidden="true" />
        {loadingText}
      </div>
    );
  }
  if (empty) return <p className="portal-empty">{emptyText}</p>;
  return null;
}
