/** First paint while the guard decides and the first view loads. */
export function Splash() {
  return (
    <div className="app-splash" role="status" aria-live="polite">
      <div className="app-splash__mark" />
    </div>
  );
}
