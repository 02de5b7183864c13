/** The product mark (a page with lines), in the theme colour: sidebar, navbar, login and error pages. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--app-primary, #409EFF)" />
      <path d="M20 14h17l9 9v27a3 3 0 0 1-3 3H20a3 3 0 0 1-3-3V17a3 3 0 0 1 3-3z" fill="#fff" />
      <path d="M37 14v9h9" fill="#fff" opacity=".6" />
      <path
        d="M23 31h16M23 38h16M23 45h9"
        stroke="var(--app-primary, #409EFF)"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
