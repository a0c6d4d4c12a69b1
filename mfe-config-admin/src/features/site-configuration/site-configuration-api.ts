import type { Category, SiteConfiguration } from '@koopjesland/shared';
import { configAdminApi } from '../../api';
import type { SiteConfigurationInput } from './configuration-input';

const siteConfigurationApi = configAdminApi.injectEndpoints({
  endpoints: (build) => ({
    siteConfigurationByDomain: build.query<SiteConfiguration, string>({
      query: (domain) => ({ path: 'site-configuration', query: { domain } }),
      providesTags: ['SiteConfiguration'],
    }),
    allSiteConfigurations: build.query<SiteConfiguration[], void>({
      query: () => ({ path: 'site-configuration/all' }),
      providesTags: ['SiteConfiguration'],
    }),
    createSiteConfiguration: build.mutation<SiteConfiguration, SiteConfigurationInput>({
      query: (body) => ({ path: 'site-configuration', method: 'POST', body }),
      invalidatesTags: ['SiteConfiguration', 'Audit'],
    }),
    updateSiteConfiguration: build.mutation<SiteConfiguration, { id: number; input: SiteConfigurationInput }>({
      query: ({ id, input }) => ({ path: `site-configuration/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['SiteConfiguration', 'Audit'],
    }),
    deleteSiteConfiguration: build.mutation<{ success: true }, number>({
      query: (id) => ({ path: `site-configuration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['SiteConfiguration', 'Audit'],
    }),
    /** The category tree for the root category picker. */
    categoryTree: build.query<Category[], void>({
      query: () => ({ path: 'categories', query: { includeHierarchy: true } }),
      transformResponse: (response: { categories: Category[] }) => response.categories,
    }),
  }),
});

export const {
  useSiteConfigurationByDomainQuery,
  useAllSiteConfigurationsQuery,
  useCreateSiteConfigurationMutation,
  useUpdateSiteConfigurationMutation,
  useDeleteSiteConfigurationMutation,
  useCategoryTreeQuery,
} = siteConfigurationApi;
