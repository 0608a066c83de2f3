// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { sitemapFilter } from './src/lib/site/sitemap-filter.ts';

const site = process.env.PUBLIC_SITE_URL ?? process.env.URL ?? 'https://www.plumbersthatcare.com';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  adapter: netlify({ edgeMiddleware: false, imageCDN: false }),
  integrations: [react(), sitemap({ filter: sitemapFilter })],
  prefetch: false,
  vite: { plugins: [tailwindcss()] },
});
