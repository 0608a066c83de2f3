/** The project's own client directives (registered in astro.config.mjs). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the first touch, key, focus or input inside the island: see shared/interaction.directive.ts. */
    'client:interaction'?: boolean | import('./shared/interaction.directive').InteractionOptions;
  }
}
export {};
