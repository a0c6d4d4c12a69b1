/**
 * The signed-in user's price alert setting (on/off, shown on My wishlist), and the one-click
 * unsubscribe of price alerts (RFC 8058), public: the token in the link is the
 * proof. POST is what a mail client's unsubscribe button sends (List-Unsubscribe-Post, form body
 * `List-Unsubscribe=One-Click`); GET is the link in the mail's body and answers a small page in
 * the user's language. Both stop every future price alert of that user.
 * This plugin also runs a price-alert pass every few minutes where the scheduler runs, so a
 * failed send is retried and the day's held alerts go out the next day.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { errorResponses } from '../../http/route-schemas';
import { runPriceAlerts } from './alerts';
import { alertsEnabled, resubscribe, unsubscribe } from './repository';
import { UNSUBSCRIBE_TOKEN_PATTERN, userOfUnsubscribeToken } from './unsubscribe-token';

/** How often the background pass runs (retries, and the alerts held for the next day). */
const PASS_INTERVAL_MS = 5 * 60_000;

const tokenQuery = z.object({
  token: z.string().trim().max(100).regex(UNSUBSCRIBE_TOKEN_PATTERN, 'Not an unsubscribe token'),
});

const pageTexts = {
  nl: {
    title: 'Afgemeld voor prijsalarmen',
    body: 'Je krijgt geen prijsalarmen van Koopjesland meer. Je verlanglijst en richtprijzen blijven bewaard; op Mijn verlanglijst zet je de prijsalarmen weer aan.',
    home: 'Naar Mijn verlanglijst',
  },
  en: {
    title: 'Unsubscribed from price alerts',
    body: 'You will not get any more price alerts from Koopjesland. Your wishlist and target prices are kept; you can turn the alerts on again on My wishlist.',
    home: 'Go to My wishlist',
  },
};

function confirmationPage(language: 'nl' | 'en', home: string): string {
  const t = pageTexts[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title}</title></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>${t.title}</h1><p>${t.body}</p><p><a href="${home}">${t.home}</a></p>
</body></html>`;
}

export default async function priceAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['price-alerts'], querystring: tokenQuery };

  // A mail client's one-click POST is a form (RFC 8058); its content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const unsubscribeBy = async (token: string) => {
    const userId = userOfUnsubscribeToken(app.config.jwtSecret, token);
    if (userId === undefined) throw badRequest('Invalid unsubscribe link', 'token: not valid for any user');
    const user = await unsubscribe(app.db, userId);
    if (!user) throw notFound('No such user');
    return user;
  };

  app.post('/price-alerts/unsubscribe', {
    config: { access: 'public' },
    schema: {
      ...common,
      summary: 'One-click unsubscribe from every price alert (RFC 8058; the token comes from the alert mail)',
      response: { 200: z.object({ unsubscribed: z.literal(true) }), ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      await unsubscribeBy(request.query.token);
      return { unsubscribed: true as const };
    },
  });

  app.get('/price-alerts/unsubscribe', {
    config: { access: 'public' },
    schema: {
      ...common,
      summary: "The alert mail's unsubscribe link: unsubscribes and answers a confirmation page (HTML) in the user's language",
      produces: ['text/html'],
      response: { 200: z.string().describe('An HTML page'), ...errorResponses(400, 404) },
    },
    handler: async (request, reply) => {
      const { language } = await unsubscribeBy(request.query.token);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(confirmationPage(language, `${app.config.publicUrl}/wishlist`));
    },
  });

  const settings = z.object({ enabled: z.boolean() });
  const signedIn = { tags: ['price-alerts'], security: [{ bearer: [] }] };

  app.get('/price-alerts/settings', {
    config: { access: 'user' },
    schema: {
      ...signedIn,
      summary: 'Whether the caller gets price alert mails for their wishlist targets',
      response: { 200: settings, ...errorResponses(401) },
    },
    handler: async (request) => ({ enabled: await alertsEnabled(app.db, request.authUser!.id) }),
  });

  app.put('/price-alerts/settings', {
    config: { access: 'user' },
    schema: {
      ...signedIn,
      summary: 'Turns price alert mails on or off for the caller; on again sends the alerts of targets met now',
      body: settings,
      response: { 200: settings, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const userId = request.authUser!.id;
      if (request.body.enabled) {
        await resubscribe(app.db, userId);
        await runPriceAlerts(app, { userId });
      } else {
        await unsubscribe(app.db, userId);
      }
      return { enabled: request.body.enabled };
    },
  });

  if (app.config.runScheduler) {
    // A whole pass: it also catches price changes made outside the hooked paths (merges, store clean-ups).
    const timer = setInterval(() => void runPriceAlerts(app), PASS_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
