/** Data access of site configurations, each read with its root category's name. */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, siteConfigurations } from '../../db/schema';

export type SiteConfigurationValues = Omit<typeof siteConfigurations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const selectWithRootCategory = (db: Database) =>
  db
    .select({ ...getTableColumns(siteConfigurations), rootCategoryName: categories.name })
    .from(siteConfigurations)
    .leftJoin(categories, eq(categories.id, siteConfigurations.rootCategoryId));

type Row = Awaited<ReturnType<ReturnType<typeof selectWithRootCategory>['execute']>>[number];

const present = ({ rootCategoryName, ...row }: Row) => ({
  ...row,
  rootCategory: rootCategoryName === null ? null : { name: rootCategoryName },
});

export async function findSiteConfiguration(db: Database, id: number) {
  const [row] = await selectWithRootCategory(db).where(eq(siteConfigurations.id, id)).limit(1);
  return row ? present(row) : undefined;
}

/** The configuration listing `domain` (normalised); the oldest wins when several do. */
export async function findSiteConfigurationByDomain(db: Database, domain: string) {
  // Stored names are normalised on write; lower() also covers rows written by hand.
  const [row] = await selectWithRootCategory(db)
    .where(sql`exists (select 1 from unnest(${siteConfigurations.domainNames}) as d where lower(d) = ${domain})`)
    .orderBy(siteConfigurations.id)
    .limit(1);
  return row ? present(row) : undefined;
}

export async function allSiteConfigurations(db: Database) {
  return (await selectWithRootCategory(db).orderBy(siteConfigurations.id)).map(present);
}

export async function categoryExists(db: Database, id: number): Promise<boolean> {
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return Boolean(found);
}

export async function insertSiteConfiguration(db: Database, values: SiteConfigurationValues): Promise<number> {
  const [created] = await db.insert(siteConfigurations).values(values).returning({ id: siteConfigurations.id });
  return created!.id;
}

/** False when there is no such configuration. */
export async function updateSiteConfiguration(db: Database, id: number, values: SiteConfigurationValues) {
  const updated = await db
    .update(siteConfigurations)
    .set(values)
    .where(eq(siteConfigurations.id, id))
    .returning({ id: siteConfigurations.id });
  return updated.length > 0;
}

export async function deleteSiteConfiguration(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(siteConfigurations)
    .where(eq(siteConfigurations.id, id))
    .returning({ id: siteConfigurations.id });
  return deleted.length > 0;
}
