import type { ReactNode } from 'react';

/** `url` when it is an absolute http(s) URL, the only kind shown as a link. */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * `children` linking to where they came from, in a new tab that cannot reach back to this one
 * and is not told where the click came from; plain `children` for any other kind of URL.
 */
export function SourceLink({
  url,
  children,
}: {
  url: string | null | undefined;
  children: ReactNode;
}) {
  const href = webUrl(url);
  if (href === null) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
