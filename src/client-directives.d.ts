/** The project's custom client directives (astro.config.mjs), known to `astro check`. */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key press inside the island (or on the named window event). */
    'client:engage'?: boolean | string;
  }
}
export {};
