/** A fifth admin remote, for the tests proving that adding a front end is one manifest entry. */
import type { RemoteFrontEnd } from './front-ends';

export const REPORTS_REMOTE: RemoteFrontEnd = {
  workspace: 'mfe-reports',
  name: 'reports',
  port: 3005,
  kind: 'remote',
  title: 'Koopjesland reports',
  servedAs: 'reports',
  urlVariable: 'REMOTE_REPORTS_URL',
  mount: 'admin',
  // A key the shell already translates, so its sidebar link has a readable name in tests.
  adminSections: [{ segment: 'reports', menuLabelKey: 'admin.title', area: 'config' }],
};
