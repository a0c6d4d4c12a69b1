/**
 * The texts of the site's mail. Account mail is Dutch first with the English below it (it may go
 * to someone who never used the site); price alerts are in the recipient's language (users.language).
 */
import { formatMoney } from '@koopjesland/shared/format/money';
import type { MailLanguage } from '../http/language';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  const text = [...paragraphs, link].join('\n\n');
  const html = [...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`].join('\n');
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
  return message(
    to,
    'Wachtwoord opnieuw instellen / Reset your password',
    [
      `Je hebt gevraagd om een nieuw wachtwoord voor Koopjesland. Open de link hieronder binnen ${minutes} minuten; hij werkt één keer. Heb je dit niet gevraagd, dan kun je deze mail negeren.`,
      `You asked to reset your Koopjesland password. Open the link below within ${minutes} minutes; it works once. If you did not ask for this, ignore this mail.`,
    ],
    link,
  );
}

export function invitationMail(to: string, link: string, days: number): MailMessage {
  return message(
    to,
    'Uitnodiging voor Koopjesland / Your Koopjesland invitation',
    [
      `Er is een account voor je aangemaakt op Koopjesland. Kies via de link hieronder een wachtwoord; de link is ${days} dagen geldig en werkt één keer.`,
      `An account has been created for you on Koopjesland. Choose a password through the link below; it is valid for ${days} days and works once.`,
    ],
    link,
  );
}

/** One offer of a price alert, as its mail names it (price and target in cents). */
export interface PriceAlertLine {
  productName: string;
  total: number;
  target: number;
  storeName: string | null;
  /** The product page on the site. */
  link: string;
}

const alertTexts = {
  nl: {
    subject: (line: PriceAlertLine) => `Prijsalarm: ${line.productName} voor ${formatMoney(line.total)}`,
    digestSubject: (count: number) => `Prijsalarm: ${count} producten op of onder je richtprijs`,
    reached: (line: PriceAlertLine) =>
      `${line.productName} kost nu ${formatMoney(line.total)} bij ${line.storeName ?? 'een winkel'}, op of onder je richtprijs van ${formatMoney(line.target)}.`,
    digestIntro: (count: number) =>
      `Je hebt vandaag al het maximum van 10 losse prijsalarmen gekregen. Deze ${count} producten staan nu ook op of onder je richtprijs:`,
    digestLine: (line: PriceAlertLine) =>
      `${line.productName}: ${formatMoney(line.total)} bij ${line.storeName ?? 'een winkel'} (richtprijs ${formatMoney(line.target)})`,
    view: 'Bekijk het product',
    why: 'Je krijgt deze mail omdat dit product met een richtprijs op je verlanglijst staat. Je krijgt pas weer een mail als de prijs eerst boven je richtprijs komt en daarna weer bereikt, of als je de richtprijs wijzigt.',
    unsubscribe: 'Geen prijsalarmen meer ontvangen? Afmelden met één klik',
  },
  en: {
    subject: (line: PriceAlertLine) => `Price alert: ${line.productName} for ${formatMoney(line.total)}`,
    digestSubject: (count: number) => `Price alert: ${count} products at or below your target price`,
    reached: (line: PriceAlertLine) =>
      `${line.productName} now costs ${formatMoney(line.total)} at ${line.storeName ?? 'a store'}, at or below your target price of ${formatMoney(line.target)}.`,
    digestIntro: (count: number) =>
      `You have had the maximum of 10 separate price alerts today. These ${count} products are now at or below your target price too:`,
    digestLine: (line: PriceAlertLine) =>
      `${line.productName}: ${formatMoney(line.total)} at ${line.storeName ?? 'a store'} (target ${formatMoney(line.target)})`,
    view: 'View the product',
    why: 'You get this mail because this product is on your wishlist with a target price. You will not get another one until the price first rises above your target and then reaches it again, or you change the target.',
    unsubscribe: 'No more price alerts? Unsubscribe with one click',
  },
} satisfies Record<MailLanguage, unknown>;

/** One-click unsubscribe (RFC 8058): a mail client's button posts to the link, no sign-in needed. */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const linkHtml = (label: string, href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** The mail of one price alert, in the recipient's language. */
export function priceAlertMail(to: string, language: MailLanguage, line: PriceAlertLine, unsubscribeUrl: string): MailMessage {
  const t = alertTexts[language];
  const text = [t.reached(line), `${t.view}: ${line.link}`, t.why, `${t.unsubscribe}: ${unsubscribeUrl}`].join('\n\n');
  const html = [
    `<p>${escapeHtml(t.reached(line))}</p>`,
    `<p>${linkHtml(t.view, line.link)}</p>`,
    `<p>${escapeHtml(t.why)}</p>`,
    `<p>${linkHtml(t.unsubscribe, unsubscribeUrl)}</p>`,
  ].join('\n');
  return { to, subject: t.subject(line), text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** The day's digest: the alerts beyond the daily maximum of separate mails, combined in one. */
export function priceAlertDigestMail(to: string, language: MailLanguage, lines: PriceAlertLine[], unsubscribeUrl: string): MailMessage {
  const t = alertTexts[language];
  const text = [
    t.digestIntro(lines.length),
    lines.map((line) => `- ${t.digestLine(line)}\n  ${line.link}`).join('\n'),
    `${t.unsubscribe}: ${unsubscribeUrl}`,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(t.digestIntro(lines.length))}</p>`,
    `<ul>${lines.map((line) => `<li>${linkHtml(t.digestLine(line), line.link)}</li>`).join('')}</ul>`,
    `<p>${linkHtml(t.unsubscribe, unsubscribeUrl)}</p>`,
  ].join('\n');
  return { to, subject: t.digestSubject(lines.length), text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
