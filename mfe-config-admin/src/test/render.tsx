/** The config admin's part of the test harness (@koopjesland/shared/testing): its pages where the shell mounts them, each render on a fresh store of its own. */
import { renderAt } from '@koopjesland/shared/testing';
import { ConfigAdminPages } from '../routes';

export const renderAdmin = (address: string) => renderAt(address, <ConfigAdminPages />, { path: '/admin/*' });
