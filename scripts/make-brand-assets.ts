/**
 * Regenerates public/ icons and Open Graph images from src/assets/logo.jpg. Run by hand when the
 * logo or the brand colours change: `npx tsx scripts/make-brand-assets.ts`. Outputs are committed.
 */
import sharp from 'sharp';
import { mkdirSync, writeFileSync } from 'node:fs';

const logo = 'src/assets/logo.jpg';
const brand = '#0e5f5f';
const dark = '#08312f';

mkdirSync('public/og', { recursive: true });

const drop = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${brand}"/><path d="M32 10s-15 16-15 27a15 15 0 0 0 30 0c0-11-15-27-15-27Z" fill="#fff"/></svg>`;
writeFileSync('public/favicon.svg', drop);
await sharp(Buffer.from(drop)).resize(32, 32).png().toFile('public/favicon-32.png');
await sharp(Buffer.from(drop)).resize(180, 180).png().toFile('public/apple-touch-icon.png');
// A PNG renamed .ico is accepted by every current browser for the legacy /favicon.ico request.
await sharp(Buffer.from(drop)).resize(32, 32).png().toFile('public/favicon.ico');

await sharp(logo).resize(512, 512, { fit: 'contain', background: '#ffffff' }).png().toFile('public/logo-512.png');

const pages: Record<string, string> = {
  default: 'Licensed plumbers in Austin &amp; Marble Falls',
  service: 'Plumbing services with upfront pricing',
  city: 'Local plumbers across 16 Central Texas cities',
  commercial: 'Commercial plumbing that keeps you open',
  blog: 'Plumbing tips for Central Texas homes',
};
const logoPng = await sharp(logo).resize(520).png().toBuffer();
for (const [name, line] of Object.entries(pages)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="${dark}"/><rect x="0" y="560" width="1200" height="70" fill="${brand}"/><rect x="40" y="40" width="560" height="330" rx="24" fill="#fff"/><text x="40" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="700" fill="#fff">${line}</text><text x="40" y="606" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#fff">Economy Plumbing Services · Free estimates · 24/7 emergency service</text></svg>`;
  await sharp(Buffer.from(svg)).composite([{ input: logoPng, left: 60, top: 60 }]).png({ compressionLevel: 9 }).toFile(`public/og/${name}.png`);
}
console.log('Brand assets written to public/.');
