import { Controller } from '@nestjs/common';
import { analyticsEndpoints } from '@sniff/contracts';
import { type BodyOf, CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { AnalyticsService } from './analytics.service';

const { timeseries, zeroes, top10, daily, clicks, top10Zeroes } = analyticsEndpoints;
/** Every panel takes the same body: { email, url, days }. */
type Body = BodyOf<typeof timeseries>;

/** Dashboard: POST /fetch/{timeseries,zeroes,top10,top10-zeroes,daily,clicks} with { email, url, days }. */
@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Endpoint(timeseries)
  timeseries(@CurrentOwner() owner: Owner, @ValidBody(timeseries.body) body: Body) {
    return this.analytics.timeseries(owner, body);
  }

  @Endpoint(zeroes)
  zeroes(@CurrentOwner() owner: Owner, @ValidBody(zeroes.body) body: Body) {
    return this.analytics.zeroes(owner, body);
  }

  @Endpoint(top10)
  top10(@CurrentOwner() owner: Owner, @ValidBody(top10.body) body: Body) {
    return this.analytics.top10(owner, body);
  }

  @Endpoint(daily)
  daily(@CurrentOwner() owner: Owner, @ValidBody(daily.body) body: Body) {
    return this.analytics.daily(owner, body);
  }

  @Endpoint(clicks)
  clicks(@CurrentOwner() owner: Owner, @ValidBody(clicks.body) body: Body) {
    return this.analytics.clicks(owner, body);
  }

  // The spec lists both "Zero-Result Queries" (first 10) and "Top 10 Zero-Results" (ranked): the same
  // ten queries, most frequent first; the dashboard shows the second with ranks.
  @Endpoint(top10Zeroes)
  top10Zeroes(@CurrentOwner() owner: Owner, @ValidBody(top10Zeroes.body) body: Body) {
    return this.analytics.zeroes(owner, body);
  }
}
