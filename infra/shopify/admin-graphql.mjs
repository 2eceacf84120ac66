// The GraphQL Admin API's slice Sniff reads: shop, product, products (a Relay connection with Shopify's
// cursors, search syntax, sort keys and page-size rules) and productsCount, executed by the `graphql`
// package so a malformed query gets real GraphQL errors. Around execution sits Shopify's calculated
// query cost: the requested cost (2 + first per connection, 1 per object) must be in the shop's bucket,
// the refund of requested minus actual cost follows, and every answer reports extensions.cost.
import {
  GraphQLError,
  buildSchema,
  execute,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isInterfaceType,
  isObjectType,
  parse,
  validate,
} from 'graphql';
import { decimal, imageUrl, plainText, productGid, productIdOf, storefrontUrl, truncate } from './products.mjs';
import { parseSearchQuery } from './search-query.mjs';

/** @typedef {import('./fixtures.mjs').Product} Product */
/** @typedef {import('./fixtures.mjs').Shop} Shop */

export const MAX_PAGE_SIZE = 250;
/** A single query may not cost more than this, however full the bucket. */
export const MAX_QUERY_COST = 1000;
export const IMAGE_SIZE = 800;
const DEPRECATION_NOTICE = 'https://shopify.dev/api/usage/versioning#deprecation-practices';

export const schema = buildSchema(`
  scalar DateTime
  scalar Decimal
  scalar HTML
  scalar URL

  enum CurrencyCode { AUD CAD CHF EUR GBP JPY NZD USD }
  enum ProductStatus { ACTIVE ARCHIVED DRAFT }
  enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE RELEVANCE TITLE UPDATED_AT VENDOR }
  enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
  enum MediaStatus { FAILED PROCESSING READY UPLOADED }
  enum MediaPreviewImageStatus { FAILED PROCESSING READY UPLOADED }
  enum CropRegion { BOTTOM CENTER LEFT REGION RIGHT TOP }
  enum ImageContentType { JPG PNG WEBP }
  enum CountPrecision { AT_LEAST EXACT }

  type Query {
    shop: Shop!
    product(id: ID!): Product
    products(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      sortKey: ProductSortKeys = ID
      reverse: Boolean = false
    ): ProductConnection!
    productsCount(query: String, limit: Int = 10000): Count
  }

  type Shop {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
    url: URL!
    primaryDomain: Domain!
  }

  type Domain {
    id: ID!
    host: String!
    url: URL!
    sslEnabled: Boolean!
  }

  type Product {
    id: ID!
    title: String!
    handle: String!
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    productType: String!
    vendor: String!
    tags: [String!]!
    status: ProductStatus!
    onlineStoreUrl: URL
    createdAt: DateTime!
    updatedAt: DateTime!
    publishedAt: DateTime
    totalInventory: Int!
    tracksInventory: Boolean!
    featuredImage: Image @deprecated(reason: "Use \`featuredMedia\` instead.")
    featuredMedia: Media
    priceRangeV2: ProductPriceRangeV2!
  }

  input ImageTransformInput {
    maxWidth: Int
    maxHeight: Int
    crop: CropRegion
    scale: Int = 1
    preferredContentType: ImageContentType
  }

  type Image {
    id: ID
    url(transform: ImageTransformInput): URL!
    altText: String
    width: Int
    height: Int
  }

  interface Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    preview: MediaPreviewImage
    status: MediaStatus!
  }

  type MediaImage implements Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    preview: MediaPreviewImage
    status: MediaStatus!
    image: Image
  }

  type MediaPreviewImage {
    image: Image
    status: MediaPreviewImageStatus!
  }

  type ProductPriceRangeV2 {
    minVariantPrice: MoneyV2!
    maxVariantPrice: MoneyV2!
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }
`);

/**
 * What one request may see.
 * @typedef {{ shop: Shop, products: Product[], scope: string, publicUrl: string,
 *   searches: Array<Record<string, unknown>> }} Context
 */

const badRequest = (message) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

/** Write access implies read access, as in Shopify. */
export function hasScope(granted, needed) {
  const scopes = String(granted ?? '')
    .split(',')
    .map((s) => s.trim());
  return scopes.includes(needed) || scopes.includes(needed.replace(/^read_/, 'write_'));
}

function requireProducts(context, field) {
  if (hasScope(context.scope, 'read_products')) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`read_products\` access scope.`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: '`read_products` access scope.',
    },
  });
}

/** @param {Product} product @param {Context} context */
function imageNode(product, context) {
  const url = imageUrl(context.publicUrl, context.shop.domain, product.handle);
  return {
    id: `gid://shopify/ProductImage/${product.id}`,
    url: ({ transform }) => {
      const scale = Math.min(3, Math.max(1, transform?.scale ?? 1));
      const width = transform?.maxWidth ? Math.min(IMAGE_SIZE, transform.maxWidth) * scale : undefined;
      const height = transform?.maxHeight ? Math.min(IMAGE_SIZE, transform.maxHeight) * scale : undefined;
      const query = new URLSearchParams();
      if (width) query.set('width', String(width));
      if (height) query.set('height', String(height));
      return query.size ? `${url}?${query}` : url;
    },
    altText: product.image?.altText ?? null,
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
  };
}

/** @param {Product} product @param {Context} context */
function productNode(product, context) {
  const currencyCode = context.shop.currencyCode;
  const money = (cents) => ({ amount: decimal(cents), currencyCode });
  const image = product.image ? imageNode(product, context) : null;
  return {
    id: productGid(product.id),
    title: product.title,
    handle: product.handle,
    description: ({ truncateAt }) => truncate(plainText(product.descriptionHtml), truncateAt),
    descriptionHtml: product.descriptionHtml,
    productType: product.productType,
    vendor: product.vendor,
    tags: product.tags,
    status: product.status,
    onlineStoreUrl:
      product.status === 'ACTIVE' ? storefrontUrl(context.publicUrl, context.shop.domain, product.handle) : null,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    publishedAt: product.status === 'ACTIVE' ? product.createdAt : null,
    totalInventory: product.inventory,
    tracksInventory: product.tracksInventory,
    featuredImage: image,
    featuredMedia: image && {
      __typename: 'MediaImage',
      id: `gid://shopify/MediaImage/${product.id}`,
      alt: image.altText,
      mediaContentType: 'IMAGE',
      status: 'READY',
      preview: { image, status: 'READY' },
      image,
    },
    priceRangeV2: {
      minVariantPrice: money(Math.min(...product.prices)),
      maxVariantPrice: money(Math.max(...product.prices)),
    },
  };
}

const SORT_VALUE = {
  ID: (p) => p.id,
  RELEVANCE: (p) => p.id,
  TITLE: (p) => p.title.toLowerCase(),
  CREATED_AT: (p) => p.createdAt,
  UPDATED_AT: (p) => p.updatedAt,
  PRODUCT_TYPE: (p) => p.productType.toLowerCase(),
  VENDOR: (p) => p.vendor.toLowerCase(),
  INVENTORY_TOTAL: (p) => p.inventory,
};

/** Shopify's cursors: base64 of {"last_id": <id>, "last_value": <sort value>}. */
const cursorOf = (product, sortKey) =>
  Buffer.from(JSON.stringify({ last_id: product.id, last_value: SORT_VALUE[sortKey](product) })).toString('base64');

function readCursor(cursor, sortKey) {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    const sample = SORT_VALUE[sortKey]({
      id: 0,
      title: '',
      createdAt: '',
      updatedAt: '',
      productType: '',
      vendor: '',
      inventory: 0,
    });
    if (Number.isSafeInteger(decoded?.last_id) && typeof decoded.last_value === typeof sample) return decoded;
  } catch {
    // falls through to the error
  }
  throw badRequest('Invalid cursor for current pagination sort.');
}

const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** @param {Record<string, any>} args @param {Context} context */
function productsConnection(args, context) {
  requireProducts(context, 'products');
  const { first, last, after, before, query, sortKey, reverse } = args;
  if (first == null && last == null) throw badRequest('you must provide one of first or last');
  if (first != null && last != null) throw badRequest('providing both first and last is not supported');
  for (const [name, size] of [
    ['first', first],
    ['last', last],
  ]) {
    if (size != null && (size < 0 || size > MAX_PAGE_SIZE))
      throw new GraphQLError(
        `Argument '${name}' on Field 'products' has an invalid value (${size}). Expected a page size from 0 to ${MAX_PAGE_SIZE}.`,
        { extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: name } },
      );
  }
  const { test, warnings } = parseSearchQuery(query);
  if (warnings.length) context.searches.push({ path: ['products'], query, warnings });
  const value = SORT_VALUE[sortKey];
  const direction = reverse ? -1 : 1;
  const compare = (a, b) => direction * (order(a.value, b.value) || order(a.id, b.id));
  const sorted = context.products
    .filter(test)
    .map((p) => ({ product: p, id: p.id, value: value(p) }))
    .sort(compare);
  const afterAt = after ? readCursor(after, sortKey) : undefined;
  const beforeAt = before ? readCursor(before, sortKey) : undefined;
  const position = (at) => ({ id: at.last_id, value: at.last_value });
  let window = sorted;
  if (afterAt) window = window.filter((item) => compare(item, position(afterAt)) > 0);
  if (beforeAt) window = window.filter((item) => compare(item, position(beforeAt)) < 0);
  const page = first != null ? window.slice(0, first) : window.slice(Math.max(0, window.length - last));
  const startIndex = page.length ? sorted.indexOf(page[0]) : -1;
  const endIndex = page.length ? sorted.indexOf(page[page.length - 1]) : -1;
  const nodes = page.map(({ product }) => productNode(product, context));
  return {
    edges: page.map(({ product }, i) => ({ cursor: cursorOf(product, sortKey), node: nodes[i] })),
    nodes,
    pageInfo: {
      hasNextPage: page.length
        ? endIndex < sorted.length - 1
        : first != null && Boolean(beforeAt) && sorted.some((item) => compare(item, position(beforeAt)) >= 0),
      hasPreviousPage: page.length
        ? startIndex > 0
        : Boolean(afterAt) && sorted.some((item) => compare(item, position(afterAt)) <= 0),
      startCursor: page.length ? cursorOf(page[0].product, sortKey) : null,
      endCursor: page.length ? cursorOf(page[page.length - 1].product, sortKey) : null,
    },
  };
}

/** @param {Context} context */
function rootValue(context) {
  const { shop } = context;
  const storefront = `${context.publicUrl}/shops/${shop.domain}`;
  return {
    shop: {
      id: `gid://shopify/Shop/${shop.id}`,
      name: shop.name,
      email: shop.email,
      myshopifyDomain: shop.domain,
      currencyCode: shop.currencyCode,
      url: storefront,
      primaryDomain: {
        id: `gid://shopify/Domain/${shop.id}`,
        host: new URL(context.publicUrl).host,
        url: storefront,
        sslEnabled: context.publicUrl.startsWith('https:'),
      },
    },
    product: ({ id }) => {
      requireProducts(context, 'product');
      const numeric = productIdOf(id);
      if (numeric === undefined || !String(id).startsWith('gid://'))
        throw new GraphQLError(`Invalid global id '${id}'`, {
          extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' },
        });
      const product = context.products.find((p) => p.id === numeric);
      return product ? productNode(product, context) : null;
    },
    products: (args) => productsConnection(args, context),
    productsCount: ({ query, limit }) => {
      requireProducts(context, 'productsCount');
      const { test, warnings } = parseSearchQuery(query);
      if (warnings.length) context.searches.push({ path: ['productsCount'], query, warnings });
      const count = context.products.filter(test).length;
      return limit != null && count > limit ? { count: limit, precision: 'AT_LEAST' } : { count, precision: 'EXACT' };
    },
  };
}

/**
 * The cost of a selection: 1 per object, 2 + n × (1 + the objects inside each node) per connection,
 * scalars free. Without `data` it is the requested cost (n = first or last); with the result it is the
 * actual cost (n = the nodes returned; a null object costs 1 and nothing below it).
 */
function selectionCost(selectionSet, parentType, { variables, fragments, flags }, data) {
  let total = 0;
  const actual = data !== undefined;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === 'InlineFragment' || selection.kind === 'FragmentSpread') {
      const fragment = selection.kind === 'FragmentSpread' ? fragments[selection.name.value] : selection;
      if (!fragment) continue;
      const type = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parentType;
      if (actual && data && isObjectType(type) && data.__typename && data.__typename !== type.name) continue;
      total += selectionCost(fragment.selectionSet, type, { variables, fragments, flags }, data);
      continue;
    }
    if (selection.kind !== 'Field' || selection.name.value.startsWith('__')) continue;
    const def = parentType?.getFields?.()[selection.name.value];
    if (!def) continue;
    if (def.deprecationReason) flags.deprecated = true;
    const type = getNamedType(def.type);
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const value = actual ? data?.[selection.alias?.value ?? selection.name.value] : undefined;
    if (type.name.endsWith('Connection')) {
      total += connectionCost(selection, def, type, { variables, fragments, flags }, actual, value);
      continue;
    }
    if (actual && value == null) {
      total += 1;
      continue;
    }
    total += 1 + selectionCost(selection.selectionSet, type, { variables, fragments, flags }, value);
  }
  return total;
}

function connectionCost(selection, def, type, walk, actual, value) {
  const nodeType = getNamedType(type.getFields().nodes.type);
  /** the node selections under edges { node } and nodes */
  const parts = [];
  for (const part of selection.selectionSet?.selections ?? []) {
    if (part.kind !== 'Field') continue;
    const key = part.alias?.value ?? part.name.value;
    if (part.name.value === 'nodes') parts.push({ selectionSet: part.selectionSet, items: (v) => v?.[key] ?? [] });
    if (part.name.value === 'edges')
      for (const inner of part.selectionSet?.selections ?? []) {
        if (inner.kind !== 'Field' || inner.name.value !== 'node') continue;
        const nodeKey = inner.alias?.value ?? 'node';
        parts.push({ selectionSet: inner.selectionSet, items: (v) => (v?.[key] ?? []).map((edge) => edge?.[nodeKey]) });
      }
  }
  if (!actual) {
    let n = 0;
    try {
      const args = getArgumentValues(def, selection, walk.variables);
      n = Math.min(MAX_PAGE_SIZE, Math.max(0, Number(args.first ?? args.last ?? 0) || 0));
    } catch {
      n = 0;
    }
    const nested = Math.max(0, ...parts.map((part) => selectionCost(part.selectionSet, nodeType, walk)));
    return 2 + n * (1 + nested);
  }
  if (value == null) return 2;
  const [part] = parts;
  if (!part) return 2;
  return (
    2 +
    part.items(value).reduce((sum, item) => sum + 1 + selectionCost(part.selectionSet, nodeType, walk, item ?? null), 0)
  );
}

/** @param {import('graphql').DocumentNode} document */
function costOf(document, operation, variables, data) {
  const fragments = Object.fromEntries(
    document.definitions.filter((d) => d.kind === 'FragmentDefinition').map((d) => [d.name.value, d]),
  );
  const flags = { deprecated: false };
  const cost = selectionCost(operation.selectionSet, schema.getQueryType(), { variables, fragments, flags }, data);
  return { cost, deprecated: flags.deprecated };
}

/**
 * Runs one request's query for a shop.
 * @param {{ query: unknown, variables?: unknown, operationName?: unknown, context: Omit<Context, 'searches'>,
 *   buckets: ReturnType<import('./rate-limit.mjs').costBuckets>, bucketKey: string }} request
 * @returns {{ body: Record<string, unknown>, headers: Record<string, string> }}
 */
export function runAdminQuery({ query, variables, operationName, context, buckets, bucketKey }) {
  const cost = (requestedQueryCost, actualQueryCost) => ({
    cost: { requestedQueryCost, actualQueryCost, throttleStatus: buckets.status(bucketKey) },
  });
  const failed = (errors, requested = 0) => ({
    body: {
      errors: errors.map((e) => (e instanceof GraphQLError ? e.toJSON() : e)),
      extensions: cost(requested, null),
    },
    headers: {},
  });
  let document;
  try {
    document = parse(String(query));
  } catch (error) {
    if (error instanceof GraphQLError) return failed([error]);
    throw error;
  }
  const invalid = validate(schema, document);
  if (invalid.length) return failed(invalid);
  const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
  if (!operation)
    return failed([new GraphQLError('An operation name is required when the document has several operations.')]);
  const coerced = getVariableValues(
    schema,
    operation.variableDefinitions ?? [],
    variables && typeof variables === 'object' ? /** @type {Record<string, unknown>} */ (variables) : {},
  );
  if (coerced.errors) return failed(coerced.errors);
  const requested = costOf(document, operation, coerced.coerced);
  const headers = requested.deprecated ? { 'x-shopify-api-deprecated-reason': DEPRECATION_NOTICE } : {};
  const maxCost = Math.min(MAX_QUERY_COST, buckets.size);
  if (requested.cost > maxCost)
    return failed(
      [
        {
          message: `Query cost is ${requested.cost}, which exceeds the single query max cost limit (${maxCost}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/api/usage/bulk-operations/queries for usage details.\n`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested.cost, maxCost },
        },
      ],
      requested.cost,
    );
  if (!buckets.take(bucketKey, requested.cost))
    return {
      body: {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: cost(requested.cost, null),
      },
      headers,
    };
  /** @type {Context} */
  const full = { ...context, searches: [] };
  const result = /** @type {import('graphql').ExecutionResult} */ (
    execute({
      schema,
      document,
      rootValue: rootValue(full),
      contextValue: full,
      variableValues: coerced.coerced,
      operationName: typeof operationName === 'string' ? operationName : undefined,
    })
  );
  const actual = costOf(document, operation, coerced.coerced, result.data ?? null).cost;
  if (actual < requested.cost) buckets.refund(bucketKey, requested.cost - actual);
  /** @type {Record<string, unknown>} */
  const body = {};
  if (result.errors) body.errors = result.errors.map((e) => e.toJSON());
  body.data = result.data ?? null;
  body.extensions = { ...cost(requested.cost, actual), ...(full.searches.length ? { search: full.searches } : {}) };
  return { body, headers };
}

/** The requested cost of a query, or 0 when it cannot be costed (unparsable, invalid). */
export function estimateCost(query, variables) {
  try {
    const document = parse(String(query));
    if (validate(schema, document).length) return 0;
    const operation = getOperationAST(document);
    if (!operation) return 0;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
    return coerced.errors ? 0 : costOf(document, operation, coerced.coerced).cost;
  } catch {
    return 0;
  }
}
