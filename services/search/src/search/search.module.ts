import { DynamicModule, Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS } from '@sniff/contracts';
import { ClientAddresses, FAST_ROUTES, OwnerPlans, Queue, queueProviders } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { sniffEngine } from '../engine/sniff-index';
import { SEARCH_ENGINE } from '../engine/search-index';
import { DocumentEntity } from './document.entity';
import { IndexSnapshotEntity } from './index-snapshot.entity';
import { InternalController } from './internal.controller';
import { PopularQueries } from './popular-queries';
import { fastSearchRoute, PublicController } from './public.controller';
import { IndexingService } from './indexing.service';
import { IndexLifecycle } from './index-lifecycle.service';
import { QueryService } from './query.service';
import { PinnedPages } from './pins';
import { PinSearch } from './pin-search.service';
import { SettingsPush } from './settings-push.service';
import { StoreChanges } from './store-changes';
import { StoreSettingsService } from './store-settings.service';
import { StoreWrites } from './store-writes';
import { Suggestions } from './suggestions.service';
import { EVENT_KEYS, eventKeys } from '../events/event-keys';
import { SearchEvents } from '../events/search-events.service';
import { WidgetRules } from './widget-rules';
import { Clock, systemClock, USAGE_CLOCK } from '../usage/clock';
import { QuotaGate } from '../usage/quota-gate';
import { QuotaNotices } from '../usage/quota-notices';
import { InternalUsageController, UsageController } from '../usage/usage.controller';
import { UsageCounter } from '../usage/usage-counter';
import { UsageService } from '../usage/usage.service';

export interface SearchModuleOptions {
  /** The time monthly usage is reckoned from (tests cross a month with their own). */
  clock?: Clock;
}

@Module({})
export class SearchModule implements OnModuleInit {
  private readonly logger = new Logger('SearchModule');

  constructor(@Inject(Queue) private readonly queue: Queue) {}

  static forRoot(config: SearchConfig, options: SearchModuleOptions = {}): DynamicModule {
    return {
      module: SearchModule,
      imports: [TypeOrmModule.forFeature([DocumentEntity, IndexSnapshotEntity])],
      controllers: [PublicController, InternalController, UsageController, InternalUsageController],
      providers: [
        QueryService,
        PinnedPages,
        PinSearch,
        IndexingService,
        IndexLifecycle,
        StoreWrites,
        SettingsPush,
        Suggestions,
        StoreSettingsService,
        PopularQueries,
        StoreChanges,
        SearchEvents,
        WidgetRules,
        QuotaGate,
        QuotaNotices,
        UsageCounter,
        UsageService,
        { provide: OwnerPlans, useValue: new OwnerPlans(config) },
        { provide: USAGE_CLOCK, useValue: options.clock ?? systemClock },
        { provide: SEARCH_CONFIG, useValue: config },
        { provide: EVENT_KEYS, useValue: eventKeys(config) },
        { provide: SEARCH_ENGINE, useValue: sniffEngine },
        // Compiled once: each event asks it who sent it.
        { provide: ClientAddresses, useValue: new ClientAddresses(config.SEARCH_TRUSTED_PROXIES) },
        {
          provide: FAST_ROUTES,
          useFactory: (queries: QueryService, clients: ClientAddresses) => [fastSearchRoute(queries, clients)],
          inject: [QueryService, ClientAddresses],
        },
        ...queueProviders(config),
      ],
      exports: [QueryService, IndexingService, IndexLifecycle],
    };
  }

  async onModuleInit(): Promise<void> {
    await this.queue.declare(SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS);
    this.logger.log(`events go to queue ${SEARCH_EVENTS_QUEUE}`);
  }
}
