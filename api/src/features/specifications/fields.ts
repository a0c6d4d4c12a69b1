/**
 * A category's specification fields and the raw property names mapped onto them (catalog
 * admin). Every change re-reads the category's products in the same transaction, so the
 * filters never show values of a mapping that no longer exists.
 */
import type { SpecificationField, SpecificationFieldInput, SpecificationUnit } from '@koopjesland/shared/entities';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { specificationFields, specificationPropertyNames } from '../../db/schema';
import { memoByCatalogVersion } from '../../http/catalog-version';
import { badRequest, notFound } from '../../http/errors';
import { propertyNameKey } from './normalise';
import { normaliseProducts, productsOfCategory } from './values';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Input = Required<Omit<SpecificationFieldInput, 'unit'>> & { unit: SpecificationUnit | null };

const f = specificationFields;
const n = specificationPropertyNames;

/** The fields of one or more categories, in their order, with their mapped names. */
export async function fieldsOf(db: Pick<Database, 'select'>, categoryIds: number[]): Promise<SpecificationField[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .select({
      id: f.id,
      categoryId: f.categoryId,
      name: f.name,
      type: f.type,
      unit: f.unit,
      options: f.options,
      position: f.position,
      propertyNames: sql<string[]>`coalesce((select array_agg(${n.name} order by ${n.name}) from ${n} where ${n.fieldId} = ${f.id}), '{}')`,
    })
    .from(f)
    .where(inArray(f.categoryId, categoryIds))
    .orderBy(asc(f.categoryId), asc(f.position), asc(f.id));
  return rows.map((row) => ({ ...row, unit: row.unit as SpecificationUnit | null }));
}

/**
 * `fieldsOf` as of a catalogue version (statement triggers on the fields and their mapped names move
 * it): the filters and facets of every page of a category read its fields once per version.
 */
export function fieldsAtVersion(db: Database, categoryIds: number[], version: string): Promise<SpecificationField[]> {
  const key = `specification-fields:${[...new Set(categoryIds)].sort((a, b) => a - b).join(',')}`;
  return memoByCatalogVersion(db, key, version, () => fieldsOf(db, categoryIds));
}

/** Fields by id (any category), for reading a filter address. */
export async function fieldsById(db: Pick<Database, 'select'>, ids: number[]): Promise<SpecificationField[]> {
  if (!ids.length) return [];
  const rows = await db.select({ categoryId: f.categoryId }).from(f).where(inArray(f.id, ids));
  const fields = await fieldsOf(db, [...new Set(rows.map((row) => row.categoryId))]);
  return fields.filter((field) => ids.includes(field.id));
}

async function fieldOf(db: Pick<Database, 'select'>, categoryId: number, fieldId: number): Promise<SpecificationField> {
  const field = (await fieldsOf(db, [categoryId])).find((candidate) => candidate.id === fieldId);
  if (!field) throw notFound('Specification field not found');
  return field;
}

/** A raw name maps to one field of a category: a name another field has is refused, naming it. */
async function replaceNames(tx: Tx, categoryId: number, fieldId: number, names: string[]) {
  const keys = names.map(propertyNameKey);
  if (keys.length) {
    const taken = await tx
      .select({ name: n.name, field: f.name })
      .from(n)
      .innerJoin(f, eq(f.id, n.fieldId))
      .where(and(eq(n.categoryId, categoryId), inArray(n.nameKey, keys), ne(n.fieldId, fieldId)));
    if (taken[0]) throw badRequest('Invalid propertyNames', `propertyNames: "${taken[0].name}" is mapped to the field "${taken[0].field}"`);
  }
  await tx.delete(n).where(eq(n.fieldId, fieldId));
  if (names.length) await tx.insert(n).values(names.map((name, i) => ({ fieldId, categoryId, name, nameKey: keys[i] ?? name })));
}

export async function createField(db: Database, categoryId: number, input: Input): Promise<SpecificationField> {
  const id = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${f.position}) + 1, 0)::int` })
      .from(f)
      .where(eq(f.categoryId, categoryId));
    const [row] = await tx
      .insert(f)
      .values({ categoryId, name: input.name, type: input.type, unit: input.unit, options: input.options, position: last?.position ?? 0 })
      .returning({ id: f.id });
    if (!row) throw new Error('insert returned no row');
    await replaceNames(tx, categoryId, row.id, input.propertyNames);
    await normaliseProducts(tx, productsOfCategory(categoryId), categoryId);
    return row.id;
  });
  return fieldOf(db, categoryId, id);
}

export async function updateField(db: Database, categoryId: number, fieldId: number, input: Input): Promise<SpecificationField> {
  await fieldOf(db, categoryId, fieldId);
  await db.transaction(async (tx) => {
    await tx
      .update(f)
      .set({ name: input.name, type: input.type, unit: input.unit, options: input.options, updatedAt: new Date() })
      .where(eq(f.id, fieldId));
    await replaceNames(tx, categoryId, fieldId, input.propertyNames);
    await normaliseProducts(tx, productsOfCategory(categoryId), categoryId);
  });
  return fieldOf(db, categoryId, fieldId);
}

/** Deletes a field; its values go with it (foreign key cascade). Returns the deleted field. */
export async function deleteField(db: Database, categoryId: number, fieldId: number): Promise<SpecificationField> {
  const field = await fieldOf(db, categoryId, fieldId);
  await db.delete(f).where(and(eq(f.id, fieldId), eq(f.categoryId, categoryId)));
  return field;
}

/** Sets the order of a category's fields: every one of its field ids, once. */
export async function reorderFields(db: Database, categoryId: number, fieldIds: number[]): Promise<SpecificationField[]> {
  const current = await fieldsOf(db, [categoryId]);
  const known = new Set(current.map((field) => field.id));
  if (new Set(fieldIds).size !== fieldIds.length || fieldIds.length !== known.size || fieldIds.some((id) => !known.has(id)))
    throw badRequest('Invalid fieldIds', "fieldIds: give each of the category's field ids once");
  await db.transaction(async (tx) => {
    for (const [position, id] of fieldIds.entries()) await tx.update(f).set({ position }).where(eq(f.id, id));
  });
  return fieldsOf(db, [categoryId]);
}
