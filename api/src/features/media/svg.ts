/**
 * Offline demo images as SVG: a coloured product card with the brand's initial and the
 * product name, and a wordmark logo for stores. Deterministic per id, so caches hold.
 */
const PALETTE = ['#f46900', '#1f6feb', '#2da44e', '#8250df', '#cf222e', '#0a7ea4', '#bf8700', '#6e7781'];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function productImageSvg(productId: number, variant: number, brand: string, name: string): string {
  const colour = PALETTE[(productId + variant) % PALETTE.length]!;
  const initial = escapeXml((brand || name || '?').trim().charAt(0).toUpperCase());
  const label = escapeXml(name.length > 34 ? `${name.slice(0, 33)}…` : name);
  const angle = (variant - 1) * 25;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${label}">
<rect width="800" height="800" fill="#f6f8fa"/>
<rect x="80" y="80" width="640" height="640" rx="48" fill="${colour}" transform="rotate(${angle} 400 400)" opacity="0.92"/>
<text x="400" y="470" font-family="Poppins, Arial, sans-serif" font-size="260" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text>
<text x="400" y="760" font-family="Poppins, Arial, sans-serif" font-size="36" fill="#24292f" text-anchor="middle">${label}</text>
</svg>`;
}

export function storeLogoSvg(name: string): string {
  const colour = PALETTE[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length]!;
  const label = escapeXml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${label}">
<rect width="240" height="80" rx="12" fill="#fff"/>
<rect x="8" y="20" width="40" height="40" rx="8" fill="${colour}"/>
<text x="28" y="50" font-family="Poppins, Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(name.charAt(0).toUpperCase())}</text>
<text x="58" y="49" font-family="Poppins, Arial, sans-serif" font-size="${name.length > 14 ? 16 : 20}" font-weight="600" fill="#24292f">${label}</text>
</svg>`;
}
