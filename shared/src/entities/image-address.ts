/**
 * An image address the product stores: an absolute http(s) URL, or a path on this site (the
 * demo's `/media/…` drawings and uploaded files under `/api/media/uploads/…`). A path starting
 * with `//` would be another host, so it is refused.
 */
export function isUrlOrSitePath(value: string): boolean {
  const text = value.trim();
  if (/\s/.test(text)) return false;
  if (text.startsWith('/')) return text.length > 1 && !text.startsWith('//');
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}
