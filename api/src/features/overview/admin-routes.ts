/**
 * A role's home in the admin (`GET /admin/overview`): what waits for the signed-in user, each
 * section read through the repository that owns its records and limited as that section's own
 * list is. Store managers get their stores with each feed's last run, and the held prices and
 * open price reports of those stores; merchandisers the unmapped category aliases by offer count,
 * the held prices and the products without a category; admins every section.
 */
import { adminOverviewSchema, OVERIG_SLUG, OVERVIEW_ENTRIES } from '@koopjesland/shared/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { canAccessArea, storeScope, type AdminArea, type AuthUser } from '../auth/access';
import type { Database } from '../../db/client';
import { errorResponses } from '../../http/route-schemas';
import { bulkAliases } from '../category-aliases/repository';
import { feedsOfStore } from '../feeds/repository';
import { listHeldOffers } from '../held-offers/repository';
import { heldOfferScopeOf } from '../held-offers/routes';
import { listReportGroups } from '../price-reports/repository';
import { listProducts } from '../products/product-list';
import { listStores } from '../stores/repository';

type Overview = z.input<typeof adminOverviewSchema>;
const firstPage = { page: 1, limit: OVERVIEW_ENTRIES };

async function storesSection(db: Database, scope: number[] | null): Promise<Overview['stores']> {
  const { rows, totalItems } = await listStores(db, { ...firstPage, sortBy: 'name', sortOrder: 'asc' }, scope);
  const entries = await Promise.all(
    rows.map(async (store) => ({
      id: store.id,
      name: store.name,
      feeds: (await feedsOfStore(db, store.id)).map((feed) => ({
        id: feed.id,
        name: feed.name,
        lastRun: feed.lastRun
          ? { id: feed.lastRun.id, status: feed.lastRun.status, createdAt: feed.lastRun.createdAt, finishedAt: feed.lastRun.finishedAt }
          : null,
      })),
    })),
  );
  return { entries, total: totalItems };
}

async function heldPricesSection(db: Database, scope: number[] | null): Promise<Overview['heldPrices']> {
  const { heldOffers, total } = await listHeldOffers(db, { ...firstPage, sortBy: 'heldSince', sortOrder: 'desc' }, scope);
  return {
    entries: heldOffers.map(({ priceId, total: offerTotal, heldSince, product, store }) => ({
      priceId,
      total: offerTotal,
      heldSince,
      product: { id: product.id, name: product.name },
      store,
    })),
    total,
  };
}

async function priceReportsSection(db: Database, scope: number[] | null): Promise<Overview['priceReports']> {
  const { rows, totalItems } = await listReportGroups(db, { ...firstPage, sortBy: 'lastReportedAt', sortOrder: 'desc' }, scope);
  return {
    entries: rows.map(({ priceId, count, lastReportedAt, product, store }) => ({
      priceId,
      count,
      lastReportedAt,
      product: { id: product.id, name: product.name },
      store,
    })),
    total: totalItems,
  };
}

/** Aliases still in Overig (or in no category), most offers first: the bulk alias page's order. */
async function unmappedAliasesSection(db: Database): Promise<Overview['unmappedAliases']> {
  const unmapped = (await bulkAliases(db)).filter((alias) => alias.category === null || alias.category.slug === OVERIG_SLUG);
  return {
    entries: unmapped.slice(0, OVERVIEW_ENTRIES).map(({ id, path, offerCount, productCount }) => ({ id, path, offerCount, productCount })),
    total: unmapped.length,
  };
}

async function productsWithoutCategorySection(db: Database): Promise<Overview['productsWithoutCategory']> {
  const { products, pagination } = await listProducts(db, { ...firstPage, sortBy: 'offerCount', sortOrder: 'desc', hasNoCategory: true });
  return {
    entries: products.map(({ id, name, offerCount }) => ({ id, name, offerCount })),
    total: pagination.totalItems,
  };
}

/** The sections this user's role handles, each limited to the stores the role may see. */
export async function overviewFor(db: Database, user: AuthUser): Promise<Overview> {
  const stores = canAccessArea(user, 'stores');
  const catalog = canAccessArea(user, 'catalog');
  const [storeList, heldPrices, priceReports, unmappedAliases, productsWithoutCategory] = await Promise.all([
    stores ? storesSection(db, storeScope(user)) : undefined,
    heldPricesSection(db, heldOfferScopeOf(user)),
    stores ? priceReportsSection(db, storeScope(user)) : undefined,
    catalog ? unmappedAliasesSection(db) : undefined,
    catalog ? productsWithoutCategorySection(db) : undefined,
  ]);
  return { stores: storeList, heldPrices, priceReports, unmappedAliases, productsWithoutCategory };
}

export default async function overviewAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/overview', {
    config: { access: ['catalog', 'stores'] as readonly AdminArea[] },
    schema: {
      tags: ['overview'],
      summary:
        "The signed-in role's home: store managers their stores with each feed's last run, held prices and open price reports of their stores; merchandisers unmapped category aliases, held prices and products without a category; admins all",
      response: { 200: adminOverviewSchema, ...errorResponses(401, 403) },
    },
    handler: async (request): Promise<Overview> => overviewFor(app.db, request.authUser!),
  });
}
