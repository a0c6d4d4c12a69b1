/**
 * The Content-Security-Policy of every HTML answer. The 7-day token lives in localStorage (as the
 * product requires), so one injected script would be one stolen session: scripts only from our own
 * origin and the remotes' configured origins, never inline; nothing embeds us; no plugins, no <base>.
 * Styles allow inline: antd writes its CSS-in-JS into <style> elements at run time, and antd's
 * components and React's `style` props set style attributes, which a nonce cannot cover; a nonce
 * would also have to differ per answer, while a server-rendered page is one shared cached copy.
 */
import type { FastifyInstance } from 'fastify';

/** The origins of absolute remote manifest URLs (relative ones are served from our own origin). */
export function remoteOrigins(remoteUrls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of remoteUrls) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** `mediaOrigin`: where image copies may also be served from (MEDIA_ORIGIN, config.ts), or none. */
export function contentSecurityPolicy(remoteUrls: string[], mediaOrigin?: string): string {
  const own = ["'self'", ...remoteOrigins(remoteUrls)].join(' ');
  const images = ["'self'", 'data:', ...(mediaOrigin ? [mediaOrigin] : [])].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${own}`,
    `style-src ${own} 'unsafe-inline'`,
    `connect-src ${own}`,
    `font-src ${own} data:`,
    // Every image a page shows is our own copy (features/image-copies) or an upload on our own
    // origin: a visitor's browser asks no store's host. No blob: (the only blob: URL is a JSON
    // download link, which is no image).
    `img-src ${images}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Gives every HTML answer that set no policy of its own (the API documentation, the unsubscribe
 * page, error pages) the site's policy without remotes: our own origin only.
 */
export function addContentSecurityPolicy(app: FastifyInstance): void {
  const policy = contentSecurityPolicy([], app.config.mediaOrigin);
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
    }
    return payload;
  });
}
