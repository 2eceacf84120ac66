import { Module } from '@nestjs/common';
import { PopularQueriesController } from './popular-queries.controller';
import { PopularQueriesService } from './popular-queries.service';

/** Internal read side for other services: a store's popular queries. */
@Module({
  controllers: [PopularQueriesController],
  providers: [PopularQueriesService],
})
export class PopularModule {}
