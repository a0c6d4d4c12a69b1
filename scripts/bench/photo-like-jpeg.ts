/** The store's large photo the image benchmarks use when given none: a 2,000 × 1,500 JPEG made here. */
import sharp from 'sharp';

/** A photo's statistics rather than a flat colour (which would flatter every encoder): soft noise over gradients. */
export async function photoLikeJpeg(): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const noise = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(2.5)
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#c0392b"/><stop offset="0.5" stop-color="#f1c40f"/><stop offset="1" stop-color="#2c3e50"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="1000" cy="750" r="500" fill="#ecf0f1" opacity="0.6"/></svg>`,
  );
  return sharp(gradient).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 90 }).toBuffer();
}
