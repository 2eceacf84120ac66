import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { analyticsRequestSchema } from '@sniff/contracts';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import type { z } from 'zod';
import { AnalyticsService } from './analytics.service';

type Body = z.infer<typeof analyticsRequestSchema>;

/** Dashboard: POST /fetch/{timeseries,zeroes,top10,top10-zeroes,daily,clicks} with { email, url, days }. */
@Controller('fetch')
@UseGuards(OwnerGuard)
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('timeseries')
  @HttpCode(200)
  timeseries(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.timeseries(owner, body);
  }

  @Post('zeroes')
  @HttpCode(200)
  zeroes(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.zeroes(owner, body);
  }

  @Post('top10')
  @HttpCode(200)
  top10(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.top10(owner, body);
  }

  @Post('daily')
  @HttpCode(200)
  daily(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.daily(owner, body);
  }

  @Post('clicks')
  @HttpCode(200)
  clicks(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.clicks(owner, body);
  }

  @Post('top10-zeroes')
  @HttpCode(200)
  top10Zeroes(@CurrentOwner() owner: Owner, @ValidBody(analyticsRequestSchema) body: Body) {
    return this.analytics.zeroes(owner, body);
  }
}
