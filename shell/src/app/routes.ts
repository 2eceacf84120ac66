/**
 * The remote that renders the public site (every path outside /dashboard). Named here, not read from
 * the declarations: a pre-rendered public page hydrates with it at once, before any JSON is fetched.
 * The dashboard's routes, titles and sidebar come from the remotes' declarations (navigation/).
 */
export const PUBLIC_REMOTE = { remote: 'mfe_marketing', page: 'public' };
