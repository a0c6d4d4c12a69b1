/** Standalone dev harness (`npm run dev -w @koopjesland/mfe-catalog-admin`, port 3002). */
import { mountAdminRemote } from '@koopjesland/shared/dev';
import CatalogAdminRoutes from './routes';

mountAdminRemote(CatalogAdminRoutes, '/admin/categories');
