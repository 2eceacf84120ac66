// What a remote declares it brings to the dashboard: pure data, checked by one zod schema at both
// ends. A remote's build writes it as declaration.json beside its mf-manifest.json
// (federation/declaration-plugin.js), so the shell builds its routes and sidebar from every remote's
// small JSON at start and fetches a remote's code only when one of its pages is shown.
// Imported by the shell's dashboard and the build only (`@sniff/shell-sdk/declaration`): the sdk's
// main entry is on every public page, zod is not.
import * as z from 'zod/mini';

// zod/mini has no messages of its own ("Invalid input" for every problem): install English, the texts a
// remote's team reads when its declaration is refused (as the classic API did on import). One setting for
// every copy of zod; the contracts install the same.
z.config(z.locales.en());

/** The sidebar's fixed icon set; the shell draws each one. */
export const ICON_NAMES = [
  'home',
  'plus',
  'list',
  'book',
  'chart',
  'card',
  'search',
  'settings',
  'users',
  'star',
  'help',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/**
 * A path under /dashboard without its leading slash: lower-case words joined by '-' and '/'; ''
 * is the overview (the shell's own page, which wins over any remote's).
 */
const relativePath = z
  .string()
  .check(
    z.regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'must be a relative path like "stores"'),
  );

/** A destination's name: "<area>.<page>", e.g. "billing.subscribe". */
const destinationName = z
  .string()
  .check(z.regex(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/, 'must look like "billing.subscribe"'));

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const routeDeclarationSchema = z.strictObject({
  /** Relative to /dashboard. Also the page's key. */
  path: relativePath,
  /**
   * The page routes paths below its own (/dashboard/<path>/…) itself. Without it a deeper path is unknown
   * and goes to /dashboard, as every unknown dashboard path does.
   */
  subPaths: z.optional(z.literal(true)),
  /** The top bar's heading on this page. */
  title: text(60),
  /** The name other parts of Sniff link to this page by. */
  destination: z.optional(destinationName),
  /** The page takes payments: the shell loads the payment provider's script (Stripe.js) once it is shown. */
  payments: z.optional(z.literal(true)),
});

export const sidebarEntrySchema = z.strictObject({
  /** The declared route the entry opens. */
  route: relativePath,
  label: text(40),
  icon: z.enum(ICON_NAMES),
  /** Lower comes first; the overview is 0. */
  order: z.number().check(z.int(), z.gte(0), z.lte(1000)),
  /** Who sees the entry: free owners, paying owners, or all. */
  plans: z.enum(['free', 'paid', 'all']),
});

export const remoteDeclarationSchema = z
  .strictObject({
    /** The remote's id, as its `defineRemote` gives it. */
    id: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case words joined by "-"')),
    routes: z.array(routeDeclarationSchema).check(z.maxLength(50)),
    sidebar: z.array(sidebarEntrySchema).check(z.maxLength(20)),
    /** Destinations of other remotes this one links to (checked by the shell, which warns of unknown ones). */
    links: z.array(destinationName).check(z.maxLength(100)),
    /** The remote renders the public site (every path outside /dashboard) as its page "public". */
    publicSite: z.optional(z.boolean()),
    /**
     * Written by the build, not by hand: the version range of each shared library (React, the router, the
     * sdk…) this build needs from the shell, from the remote's package.json; the shell refuses the remote when
     * one is not met.
     */
    requires: z.optional(
      z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.string().check(z.minLength(1), z.maxLength(100))),
    ),
  })
  .check(
    z.superRefine((d, ctx) => {
      const paths = new Set<string>();
      d.routes.forEach((r, i) => {
        if (paths.has(r.path))
          ctx.addIssue({ code: 'custom', path: ['routes', i, 'path'], message: 'is declared twice' });
        paths.add(r.path);
      });
      d.sidebar.forEach((s, i) => {
        if (!paths.has(s.route)) {
          ctx.addIssue({
            code: 'custom',
            path: ['sidebar', i, 'route'],
            message: `"${s.route}" is not a declared route`,
          });
        }
      });
    }),
  );

export type RouteDeclaration = z.infer<typeof routeDeclarationSchema>;
export type SidebarEntry = z.infer<typeof sidebarEntrySchema>;
export type RemoteDeclaration = z.infer<typeof remoteDeclarationSchema>;

/** Checks a declaration; the error names every field at fault ("routes.0.path: …"). */
export function parseRemoteDeclaration(raw: unknown): RemoteDeclaration {
  const result = remoteDeclarationSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || 'declaration'}: ${i.message}`);
  throw new Error(`invalid remote declaration (${problems.join('; ')})`);
}

/** The page keys a remote's code must export for its declaration. */
export function declaredPages(declaration: RemoteDeclaration): string[] {
  return [...declaration.routes.map((r) => r.path), ...(declaration.publicSite ? ['public'] : [])];
}
