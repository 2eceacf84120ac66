import { z } from './zod';
import { PLAN_IDS, PLATFORMS } from './plan-ids';

export const planIdSchema = z.enum(PLAN_IDS);
export const platformSchema = z.enum(PLATFORMS);
export const planEntrySchema = z.object({ plan: planIdSchema, platform: platformSchema });
