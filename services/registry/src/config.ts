import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';

export const registryConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3106),
  /**
   * The subjects allowed to publish, switch and roll back remotes (comma-separated): the deploy pipeline's
   * name and the operators' accounts. Everyone else gets 403; empty: no one can change the registry.
   */
  // (parsed twice: by runService, then by the module; so the list passes as it is)
  REGISTRY_OPERATORS: z
    .union([
      z.array(z.string()),
      z.string().transform((list) =>
        list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .default([]),
  /** The largest build one publish may carry (its files before base64). */
  REGISTRY_MAX_ARTEFACT_MB: z.coerce.number().positive().default(24),
});
export type RegistryConfig = z.infer<typeof registryConfigSchema>;
export const REGISTRY_CONFIG = Symbol('REGISTRY_CONFIG');
