import { z } from 'zod';
import { cents, id } from './common';
import { categoryRefSchema } from './category';
import { imageCopySchema } from './image-copy';
import { storeRefSchema } from './store';

export * from './specification-filters';

/** What a specification field holds: a number in its unit, yes/no, or one of a list of options. */
export const SPECIFICATION_FIELD_TYPES = ['number', 'boolean', 'list'] as const;
export const specificationFieldTypeSchema = z.enum(SPECIFICATION_FIELD_TYPES);
export type SpecificationFieldType = z.infer<typeof specificationFieldTypeSchema>;

/**
 * Units a number field can be kept in. A raw value in another unit of the same kind is converted
 * ("139 cm" into inch, "1 TB" into GB); a value in an unrelated unit is unreadable.
 */
export const SPECIFICATION_UNITS = [
  'inch', 'cm', 'mm', 'm', 'kg', 'g', 'l', 'ml', 'GB', 'TB', 'MB', 'rpm', 'W', 'kW', 'kWh', 'Hz', 'mAh', 'dB', 'MP', 'V', 'h', 'min',
] as const;
export const specificationUnitSchema = z.enum(SPECIFICATION_UNITS);
export type SpecificationUnit = z.infer<typeof specificationUnitSchema>;

/** A field of a category's specification, with the raw property names mapped onto it. */
export const specificationFieldSchema = z.object({
  id,
  categoryId: id,
  name: z.string(),
  type: specificationFieldTypeSchema,
  /** Number fields only (null: a plain count). */
  unit: specificationUnitSchema.nullable(),
  /** List fields only: the options, in the order shown. */
  options: z.array(z.string()),
  /** Raw property names (as products carry them) read into this field; matched case-insensitively. */
  propertyNames: z.array(z.string()),
  /** Order within the category, from 0. */
  position: z.number().int(),
});
export type SpecificationField = z.infer<typeof specificationFieldSchema>;

export const specificationFieldsResponseSchema = z.object({ fields: z.array(specificationFieldSchema) });
export type SpecificationFieldsResponse = z.infer<typeof specificationFieldsResponseSchema>;

const fieldText = z.string().trim().min(1).max(200);

/**
 * Body of creating or replacing a field (catalog admin). Options only for a list (at least one),
 * a unit only for a number; names and options are unique regardless of case.
 */
export const specificationFieldInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    type: specificationFieldTypeSchema,
    unit: specificationUnitSchema.nullable().default(null),
    options: z.array(fieldText).max(100).default([]),
    propertyNames: z.array(fieldText).max(50).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.type !== 'number' && input.unit !== null)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only a number field has a unit' });
    if (input.type === 'list' && !input.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A list field needs at least one option' });
    if (input.type !== 'list' && input.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a list field has options' });
    const duplicate = (values: string[]) => new Set(values.map((value) => value.toLowerCase())).size !== values.length;
    if (duplicate(input.options)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ' });
    if (duplicate(input.propertyNames))
      ctx.addIssue({ code: 'custom', path: ['propertyNames'], message: 'Property names must differ' });
  });
export type SpecificationFieldInput = z.input<typeof specificationFieldInputSchema>;

/** Body of reordering a category's fields: every field id once, in the new order. */
export const specificationFieldOrderSchema = z.object({ fieldIds: z.array(id).min(1).max(200) });

/** A product's normalised value of a field: a number in the field's unit, yes/no, or the option's text. */
export const specificationValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type SpecificationValue = z.infer<typeof specificationValueSchema>;

/**
 * The filters of a category or search page, one per field of the category (in its order).
 * A number: the smallest and largest value among the products the OTHER active filters match
 * (null when none has a value) and the selected range. Yes/no and list: the options with the
 * number of products that would match when it is chosen along with the other active filters;
 * options without products are left out unless selected.
 */
const facetFieldShape = { fieldId: id, name: z.string(), position: z.number().int() };
export const specificationFacetSchema = z.discriminatedUnion('type', [
  z.object({
    ...facetFieldShape,
    type: z.literal('number'),
    unit: specificationUnitSchema.nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    selected: z.object({ min: z.number().optional(), max: z.number().optional() }).nullable(),
  }),
  z.object({
    ...facetFieldShape,
    type: z.enum(['boolean', 'list']),
    /** For yes/no the values are SPEC_YES and SPEC_NO. */
    options: z.array(z.object({ value: z.string(), count: z.number().int(), selected: z.boolean() })),
  }),
]);
export type SpecificationFacet = z.infer<typeof specificationFacetSchema>;

export const specificationFacetsResponseSchema = z.object({
  /** The category whose fields these are (on a search: the one given, else the one most matches are in); null: none. */
  category: categoryRefSchema.nullable(),
  facets: z.array(specificationFacetSchema),
  /** The specification filters counted, in their written form: those naming no field of the category are left out. */
  spec: z.string(),
});
export type SpecificationFacetsResponse = z.infer<typeof specificationFacetsResponseSchema>;

/** Most products a comparison holds. */
export const MAX_COMPARE_PRODUCTS = 4;

/** GET /products/compare: products of one category side by side, with every field of that category. */
export const compareProductSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  image: z.string().nullable(),
  imageCopy: imageCopySchema.nullable(),
  /** The lowest current offer; `url` is its click-out target (log it with POST /prices/log-redirect). */
  lowestPrice: z
    .object({ id, amount: cents, shipping: cents, total: cents, url: z.string(), store: storeRefSchema })
    .nullable(),
  /** One entry per field of `fields`, in the same order; null: the product has no (readable) value. */
  values: z.array(z.object({ fieldId: id, value: specificationValueSchema.nullable() })),
});
export type CompareProduct = z.infer<typeof compareProductSchema>;

export const compareResponseSchema = z.object({
  category: categoryRefSchema,
  fields: z.array(specificationFieldSchema.omit({ propertyNames: true })),
  /** In the order of the `ids` asked for. */
  products: z.array(compareProductSchema),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/** Catalog admin: how well a category's products fill its fields, and what could be mapped next. */
export const specificationCoverageSchema = z.object({
  /** Products in the category (the category itself, not its descendants). */
  productCount: z.number().int(),
  fields: z.array(
    z.object({
      fieldId: id,
      /** Products with a readable value. */
      withValue: z.number().int(),
      /** Products whose mapped property could not be read (kept as it was on the product). */
      unreadable: z.number().int(),
      examples: z.array(z.object({ productId: id, productName: z.string(), propertyName: z.string(), value: z.string() })),
    }),
  ),
  /** Raw property names on the category's products that no field maps yet, most frequent first. */
  suggestions: z.array(z.object({ name: z.string(), productCount: z.number().int(), exampleValues: z.array(z.string()) })),
});
export type SpecificationCoverage = z.infer<typeof specificationCoverageSchema>;
