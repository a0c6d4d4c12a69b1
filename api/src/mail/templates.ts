/**
 * The texts of the site's mail, Dutch first with the English below it (nl is the default
 * language; the recipient's choice is not known on the server).
 */
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
