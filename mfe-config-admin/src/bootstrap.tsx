/** Standalone dev harness (`npm run dev -w @koopjesland/mfe-config-admin`, port 3004). */
import { mountAdminRemote } from '@koopjesland/shared/dev';
import ConfigAdminRoutes from './routes';

mountAdminRemote(ConfigAdminRoutes, '/admin/users');
