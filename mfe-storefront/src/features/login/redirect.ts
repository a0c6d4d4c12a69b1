/** Where to go after signing in: a same-site path from ?redirect=, else '/'. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}

/** The login address that brings the visitor back to where they are. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const back = `${location.pathname}${location.search}`;
  return back === '/' || back.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}
