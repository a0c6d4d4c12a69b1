/** This remote's RTK Query slice; endpoints are injected per feature. */
import { createAdminApi } from '@koopjesland/shared/admin';

export const storeAdminApi = createAdminApi('storeAdminApi', ['Store', 'StoreProduct', 'Feed', 'FeedRun', 'Price', 'PriceReport']);
