import { BadRequestException, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { type CreateStoreResponse, squarespaceCreateRequestSchema } from '@sniff/contracts';
import type { z } from 'zod';
import { SquarespaceService } from './squarespace.service';

type Body = z.infer<typeof squarespaceCreateRequestSchema>;

/** Section 7: square/create-store (store type ecommerce) and square/create-blog-portfolio (blog). */
@Controller('square')
@UseGuards(OwnerGuard)
export class SquarespaceController {
  constructor(private readonly squarespace: SquarespaceService) {}

  @Post('create-store')
  @HttpCode(200)
  createStore(
    @CurrentOwner() owner: Owner,
    @ValidBody(squarespaceCreateRequestSchema) body: Body,
  ): Promise<CreateStoreResponse> {
    if (body.store_type !== 'ecommerce')
      throw new BadRequestException({
        message: 'square/create-store is for ecommerce stores; use square/create-blog-portfolio for a blog',
        field: 'store_type',
      });
    return this.squarespace.create(owner.sub, body);
  }

  @Post('create-blog-portfolio')
  @HttpCode(200)
  createBlog(
    @CurrentOwner() owner: Owner,
    @ValidBody(squarespaceCreateRequestSchema) body: Body,
  ): Promise<CreateStoreResponse> {
    if (body.store_type !== 'blog')
      throw new BadRequestException({
        message: 'square/create-blog-portfolio is for blogs; use square/create-store for an ecommerce store',
        field: 'store_type',
      });
    return this.squarespace.create(owner.sub, body);
  }
}
