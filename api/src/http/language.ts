/**
 * The language of a user's mail, read from the request's Accept-Language: the front ends send
 * the site's chosen language there (shared API client), other clients their browser's. Only
 * Dutch and English exist; anything else tells nothing (the stored choice stays, default Dutch).
 */
export const MAIL_LANGUAGES = ['nl', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export function languageOf(acceptLanguage: string | string[] | undefined): MailLanguage | undefined {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return undefined;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry): entry is typeof entry & { primary: MailLanguage } =>
    (MAIL_LANGUAGES as readonly string[]).includes(entry.primary ?? ''),
  )?.primary;
}
