import { z } from 'zod';

/** What the gateway's /config.json tells the shell at runtime (no rebuild to change it). */
export const runtimeConfigSchema = z.object({
  auth: z.object({ domain: z.string().min(1), clientId: z.string().min(1), audience: z.string().min(1) }),
  apiBaseUrl: z.string().default('/api'),
  widgetHost: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const remotesManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.string().min(1), entry: z.string().min(1) })),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

export async function fetchJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return schema.parse(await res.json());
}
