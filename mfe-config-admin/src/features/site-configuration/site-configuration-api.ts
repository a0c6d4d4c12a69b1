import type { SiteConfiguration } from '@koopjesland/shared';
import { configAdminApi } from '../../api';

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
  }),
});

export const { useSiteConfigurationByDomainQuery, useAllSiteConfigurationsQuery } = siteConfigurationApi;
