import { Module } from '@nestjs/common';
import { StoresModule } from '../stores/stores.module';
import { CatalogueService } from './catalogue.service';
import { ShopifyOauthService } from './oauth.service';
import { ShopifyController, ShopifyOauthController } from './shopify.controller';

@Module({
  imports: [StoresModule],
  controllers: [ShopifyController, ShopifyOauthController],
  providers: [CatalogueService, ShopifyOauthService],
})
export class ShopifyModule {}
