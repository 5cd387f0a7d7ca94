/** A CSS-only spinner: the entry chunk stays free of antd. */
export function FullPageLoading() {
  return (
    <div className="full-page-loading" role="status" aria-live="polite" aria-label="loading">
      <span className="css-spinner" />
    </div>
  );
}
