/**
 * Every feature's routes, registered under /api by app.ts. A feature is a folder
 * (`features/<name>/`) whose `routes.ts` exports its plugin as `default async function xRoutes(fastify)`;
 * the admin's routes over the feature's records live beside it in `admin-routes.ts`, registered
 * by `routes.ts`.
 */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes';
import userRoutes from './users/routes';
import accountRoutes from './accounts/routes';
import auditRoutes from './audit/routes';
import outboxRoutes from './outbox/routes';
import siteConfigurationRoutes from './site-configuration/routes';
import storeRatingRoutes from './store-ratings/routes';
import productRoutes from './products/routes';
import dealRoutes from './deals/routes';
import priceHistoryRoutes from './price-history/routes';
import categoryRoutes from './categories/routes';
import storeRoutes from './stores/routes';
import feedRoutes from './feeds/routes';
import priceRoutes from './prices/routes';
import wishlistRoutes from './wishlist/routes';
import priceAlertRoutes from './price-alerts/routes';
import clickOutRoutes from './click-outs/routes';
import priceReportRoutes from './price-reports/routes';
import productImageRoutes from './product-images/routes';
import categoryAliasRoutes from './category-aliases/routes';
import productMergeRoutes from './product-merges/routes';
import operationsRoutes from './operations/routes';
import heldOfferRoutes from './held-offers/routes';
import imageCopyRoutes from './image-copies/routes';
import overviewRoutes from './overview/routes';
import specificationRoutes from './specifications/routes';

export const features: ((fastify: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  userRoutes,
  accountRoutes,
  auditRoutes,
  outboxRoutes,
  siteConfigurationRoutes,
  storeRatingRoutes,
  productRoutes,
  dealRoutes,
  priceHistoryRoutes,
  categoryRoutes,
  storeRoutes,
  feedRoutes,
  priceRoutes,
  wishlistRoutes,
  priceAlertRoutes,
  clickOutRoutes,
  priceReportRoutes,
  productImageRoutes,
  categoryAliasRoutes,
  productMergeRoutes,
  operationsRoutes,
  heldOfferRoutes,
  imageCopyRoutes,
  overviewRoutes,
  specificationRoutes,
];
