// What a remote declares it brings to the dashboard: pure data, checked by one zod schema at both
// ends. A remote's build writes it as declaration.json beside its mf-manifest.json
// (federation/declaration-plugin.js), so the shell builds its routes and sidebar from every remote's
// small JSON at start and fetches a remote's code only when one of its pages is shown.
// Imported by the shell's dashboard and the build only (`@sniff/shell-sdk/declaration`): the sdk's
// main entry is on every public page, zod is not.
import { z } from 'zod';

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
  .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'must be a relative path like "stores"');

/** A destination's name: "<area>.<page>", e.g. "billing.subscribe". */
const destinationName = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/, 'must look like "billing.subscribe"');

const text = (max: number) => z.string().trim().min(1).max(max);

export const routeDeclarationSchema = z
  .object({
    /** Relative to /dashboard. Also the page's key. */
    path: relativePath,
    /**
     * The page routes paths below its own (/dashboard/<path>/…) itself. Without it a deeper path is unknown
     * and goes to /dashboard, as every unknown dashboard path does.
     */
    subPaths: z.literal(true).optional(),
    /** The top bar's heading on this page. */
    title: text(60),
    /** The name other parts of Sniff link to this page by. */
    destination: destinationName.optional(),
    /** The page takes payments: the shell loads the payment provider's script (Stripe.js) once it is shown. */
    payments: z.literal(true).optional(),
  })
  .strict();

export const sidebarEntrySchema = z
  .object({
    /** The declared route the entry opens. */
    route: relativePath,
    label: text(40),
    icon: z.enum(ICON_NAMES),
    /** Lower comes first; the overview is 0. */
    order: z.number().int().min(0).max(1000),
    /** Who sees the entry: free owners, paying owners, or all. */
    plans: z.enum(['free', 'paid', 'all']),
  })
  .strict();

export const remoteDeclarationSchema = z
  .object({
    /** The remote's id, as its `defineRemote` gives it. */
    id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case words joined by "-"'),
    routes: z.array(routeDeclarationSchema).max(50),
    sidebar: z.array(sidebarEntrySchema).max(20),
    /** Destinations of other remotes this one links to (checked by the shell, which warns of unknown ones). */
    links: z.array(destinationName).max(100),
    /** The remote renders the public site (every path outside /dashboard) as its page "public". */
    publicSite: z.boolean().optional(),
    /**
     * Written by the build, not by hand: the version range of each shared library (React, the router, the
     * sdk…) this build needs from the shell, from the remote's package.json; the shell refuses the remote when
     * one is not met.
     */
    requires: z.record(z.string().min(1).max(100), z.string().min(1).max(100)).optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
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
  });

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
