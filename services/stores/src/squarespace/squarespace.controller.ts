import { BadRequestException, Controller } from '@nestjs/common';
import { type BodyOf, CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { type CreateStoreResponse, storesEndpoints } from '@sniff/contracts';
import { SquarespaceService } from './squarespace.service';

const { createSquarespaceStore, createSquarespaceBlog } = storesEndpoints;

/** Section 7: square/create-store (store type ecommerce) and square/create-blog-portfolio (blog). */
@Controller()
export class SquarespaceController {
  constructor(private readonly squarespace: SquarespaceService) {}

  @Endpoint(createSquarespaceStore)
  createStore(
    @CurrentOwner() owner: Owner,
    @ValidBody(createSquarespaceStore.body) body: BodyOf<typeof createSquarespaceStore>,
  ): Promise<CreateStoreResponse> {
    if (body.store_type !== 'ecommerce')
      throw new BadRequestException({
        message: 'square/create-store is for ecommerce stores; use square/create-blog-portfolio for a blog',
        field: 'store_type',
      });
    return this.squarespace.create(owner.sub, body);
  }

  @Endpoint(createSquarespaceBlog)
  createBlog(
    @CurrentOwner() owner: Owner,
    @ValidBody(createSquarespaceBlog.body) body: BodyOf<typeof createSquarespaceBlog>,
  ): Promise<CreateStoreResponse> {
    if (body.store_type !== 'blog')
      throw new BadRequestException({
        message: 'square/create-blog-portfolio is for blogs; use square/create-store for an ecommerce store',
        field: 'store_type',
      });
    return this.squarespace.create(owner.sub, body);
  }
}
