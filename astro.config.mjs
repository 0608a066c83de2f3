// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { sitemapFilter } from './src/lib/site/sitemap-filter.ts';

/**
 * The project's client directives (src/islands/client-directives.d.ts types them).
 * @type {import('astro').AstroIntegration}
 */
const clientDirectives = {
  name: 'eps-client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/islands/shared/interaction.directive.ts' });
    },
  },
};

const site = process.env.PUBLIC_SITE_URL ?? process.env.URL ?? 'https://www.plumbersthatcare.com';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  adapter: netlify({ edgeMiddleware: false, imageCDN: false }),
  integrations: [react(), sitemap({ filter: sitemapFilter }), clientDirectives],
  prefetch: false,
  vite: { plugins: [tailwindcss()] },
});
