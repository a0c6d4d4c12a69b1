/** A category's specification fields and their coverage (docs/product.md "Specifications"). */
import type { SpecificationCoverage, SpecificationField, SpecificationFieldInput } from '@koopjesland/shared';
import { catalogAdminApi } from '../../api';

/** Every change re-reads the category's products, so its coverage changes too. */
const changed = (categoryId: number) => [{ type: 'Specification' as const, id: categoryId }];

const specificationsApi = catalogAdminApi.injectEndpoints({
  endpoints: (build) => ({
    specificationFields: build.query<SpecificationField[], number>({
      query: (categoryId) => ({ path: `categories/${categoryId}/specification-fields` }),
      transformResponse: (response: { fields: SpecificationField[] }) => response.fields,
      providesTags: (_result, _error, categoryId) => changed(categoryId),
    }),
    specificationCoverage: build.query<SpecificationCoverage, number>({
      query: (categoryId) => ({ path: `categories/${categoryId}/specification-coverage` }),
      providesTags: (_result, _error, categoryId) => changed(categoryId),
    }),
    createSpecificationField: build.mutation<SpecificationField, { categoryId: number; field: SpecificationFieldInput }>({
      query: ({ categoryId, field }) => ({ path: `categories/${categoryId}/specification-fields`, method: 'POST', body: field }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : changed(categoryId)),
    }),
    updateSpecificationField: build.mutation<SpecificationField, { categoryId: number; fieldId: number; field: SpecificationFieldInput }>({
      query: ({ categoryId, fieldId, field }) => ({
        path: `categories/${categoryId}/specification-fields/${fieldId}`,
        method: 'PUT',
        body: field,
      }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : changed(categoryId)),
    }),
    deleteSpecificationField: build.mutation<null, { categoryId: number; fieldId: number }>({
      query: ({ categoryId, fieldId }) => ({ path: `categories/${categoryId}/specification-fields/${fieldId}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { categoryId }) => (error ? [] : changed(categoryId)),
    }),
  }),
});

export const {
  useSpecificationFieldsQuery,
  useSpecificationCoverageQuery,
  useCreateSpecificationFieldMutation,
  useUpdateSpecificationFieldMutation,
  useDeleteSpecificationFieldMutation,
} = specificationsApi;

/** A field as the body of a save (the server's shape minus its id, category and position). */
export const inputOf = (field: SpecificationField): SpecificationFieldInput => ({
  name: field.name,
  type: field.type,
  unit: field.unit,
  options: field.options,
  propertyNames: field.propertyNames,
});
