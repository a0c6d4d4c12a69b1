/** Standalone dev harness (`npm run dev -w @koopjesland/mfe-store-admin`, port 3003). */
import { mountAdminRemote } from '@koopjesland/shared/dev';
import StoreAdminRoutes from './routes';

mountAdminRemote(StoreAdminRoutes, '/admin/stores');
