import { Module } from '@nestjs/common';
import { StoresModule } from '../stores/stores.module';
import { SquarespaceController } from './squarespace.controller';
import { SquarespaceService } from './squarespace.service';

@Module({ imports: [StoresModule], controllers: [SquarespaceController], providers: [SquarespaceService] })
export class SquarespaceModule {}
