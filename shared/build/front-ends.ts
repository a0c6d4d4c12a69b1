/**
 * The front-end manifest: every front end named once. The build and dev scripts, the API's
 * static serving (`/remotes/<servedAs>/`, `remotes.json`), the shell's route table and its admin
 * menu all read this list. Pure data and small functions: it is bundled into the shell too.
 *
 * Adding a remote: add an entry here, create its workspace (docs/architecture.md "Adding a
 * front end"), and give its admin sections' menu labels in the shell's translations.
 */
import type { UserRole } from '../src/entities/user';

/** Who may use an admin section: the catalog (merchandisers), stores (store managers) or the site configuration (admins). */
export type AdminArea = 'catalog' | 'stores' | 'config';

/** The admin areas each role may use; the API's `api/src/features/auth/access.ts` enforces the same on the server. */
export const ADMIN_AREAS_BY_ROLE = {
  user: [],
  merchandiser: ['catalog'],
  store_manager: ['stores'],
  admin: ['catalog', 'stores', 'config'],
} as const satisfies Record<UserRole, readonly AdminArea[]>;

/** The areas a signed-in user may use; a user without a role (older stored profile) has isAdmin's meaning. */
export function adminAreasOf(user: { isAdmin: boolean; role?: UserRole | null } | null | undefined): readonly AdminArea[] {
  if (!user) return [];
  return ADMIN_AREAS_BY_ROLE[user.role ?? (user.isAdmin ? 'admin' : 'user')];
}

export interface AdminSection {
  /** First path segment below /admin (`/admin/<segment>/…`). */
  segment: string;
  /** Shell translation key of its sidebar label; absent: routed but not in the menu. */
  menuLabelKey?: string;
  /** The area whose roles may use it; several: any of them (held prices: merchandisers and store managers). */
  area: AdminArea | readonly AdminArea[];
}

/** Whether a user with these areas may use a section of this area (or of any of these areas). */
export function mayUseArea(userAreas: readonly AdminArea[], area: AdminArea | readonly AdminArea[]): boolean {
  return typeof area === 'string' ? userAreas.includes(area) : area.some((one) => userAreas.includes(one));
}

interface FrontEndBase {
  /** npm workspace folder. */
  workspace: string;
  /** Module Federation container name (a JS identifier) and key in remotes.json. */
  name: string;
  /** Dev server port (`npm run dev`). */
  port: number;
  title: string;
}

export interface HostFrontEnd extends FrontEndBase {
  kind: 'host';
}

export interface RemoteFrontEnd extends FrontEndBase {
  kind: 'remote';
  /** Folder under /remotes/ where the API serves its dist. */
  servedAs: string;
  /** Environment variable holding the URL of its mf-manifest.json in production. */
  urlVariable: string;
  /** Paths it renders below the mount path the shell gives it: visitor paths or admin sections. */
  mount: 'storefront' | 'admin';
  adminSections: readonly AdminSection[];
}

export type FrontEnd = HostFrontEnd | RemoteFrontEnd;

export const FRONT_ENDS = [
  { workspace: 'shell', name: 'shell', port: 3000, kind: 'host', title: 'Koopjesland' },
  {
    workspace: 'mfe-storefront',
    name: 'storefront',
    port: 3001,
    kind: 'remote',
    title: 'Koopjesland storefront',
    servedAs: 'storefront',
    urlVariable: 'REMOTE_STOREFRONT_URL',
    mount: 'storefront',
    adminSections: [],
  },
  {
    workspace: 'mfe-catalog-admin',
    name: 'catalogAdmin',
    port: 3002,
    kind: 'remote',
    title: 'Koopjesland catalog admin',
    servedAs: 'catalog-admin',
    urlVariable: 'REMOTE_CATALOG_ADMIN_URL',
    mount: 'admin',
    adminSections: [
      { segment: 'categories', menuLabelKey: 'admin.menu.categories', area: 'catalog' },
      { segment: 'category-aliases', menuLabelKey: 'admin.menu.categoryAliases', area: 'catalog' },
      { segment: 'bulk-category-alias', menuLabelKey: 'admin.menu.bulkCategoryAlias', area: 'catalog' },
      { segment: 'products', menuLabelKey: 'admin.menu.products', area: 'catalog' },
    ],
  },
  {
    workspace: 'mfe-store-admin',
    name: 'storeAdmin',
    port: 3003,
    kind: 'remote',
    title: 'Koopjesland store admin',
    servedAs: 'store-admin',
    urlVariable: 'REMOTE_STORE_ADMIN_URL',
    mount: 'admin',
    adminSections: [
      // Every role's home (its stores, feeds, held prices and reports; or its catalog work): the
      // store admin is the one remote both non-admin roles already load (held prices).
      { segment: 'overview', menuLabelKey: 'admin.menu.overview', area: ['stores', 'catalog'] },
      { segment: 'stores', menuLabelKey: 'admin.menu.stores', area: 'stores' },
      { segment: 'prices', menuLabelKey: 'admin.menu.prices', area: 'stores' },
      { segment: 'held-prices', menuLabelKey: 'admin.menu.heldPrices', area: ['stores', 'catalog'] },
      { segment: 'price-reports', menuLabelKey: 'admin.menu.priceReports', area: 'stores' },
    ],
  },
  {
    workspace: 'mfe-config-admin',
    name: 'configAdmin',
    port: 3004,
    kind: 'remote',
    title: 'Koopjesland config admin',
    servedAs: 'config-admin',
    urlVariable: 'REMOTE_CONFIG_ADMIN_URL',
    mount: 'admin',
    adminSections: [
      { segment: 'users', menuLabelKey: 'admin.menu.users', area: 'config' },
      { segment: 'wishlists', menuLabelKey: 'admin.menu.wishlists', area: 'config' },
      { segment: 'store-ratings', menuLabelKey: 'admin.menu.storeRatings', area: 'config' },
      { segment: 'site-configuration', menuLabelKey: 'admin.menu.siteConfiguration', area: 'config' },
      { segment: 'site-configurations', menuLabelKey: 'admin.menu.siteConfigurations', area: 'config' },
      { segment: 'outbox', menuLabelKey: 'admin.menu.outbox', area: 'config' },
      { segment: 'audit', menuLabelKey: 'admin.menu.audit', area: 'config' },
    ],
  },
] as const satisfies readonly FrontEnd[];

export type RemoteName = Extract<(typeof FRONT_ENDS)[number], { kind: 'remote' }>['name'];

export const REMOTES: readonly (RemoteFrontEnd & { name: RemoteName })[] = FRONT_ENDS.filter(
  (frontEnd): frontEnd is Extract<(typeof FRONT_ENDS)[number], { kind: 'remote' }> => frontEnd.kind === 'remote',
);

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

/** The sidebar order of the admin layout (docs/product.md §2 "Admin layout"). */
const MENU_ORDER = [
  'users',
  // After users, which stays an admin's /admin (the spec's redirect); first for the other roles, whose /admin it is.
  'overview',
  'stores',
  'categories',
  'category-aliases',
  'bulk-category-alias',
  'products',
  'prices',
  'held-prices',
  'price-reports',
  'wishlists',
  'store-ratings',
  'site-configuration',
  'site-configurations',
  'outbox',
  'audit',
];

export interface AdminMenuItem {
  path: string;
  labelKey: string;
  area: AdminArea | readonly AdminArea[];
  remote: RemoteName;
}

/** Every admin section with its remote, in the sidebar's order (unlisted sections last, in manifest order). */
export function adminSections(remotes: readonly RemoteFrontEnd[] = REMOTES): (AdminSection & { remote: RemoteName })[] {
  const sections = remotes.flatMap((remote) =>
    remote.adminSections.map((section) => ({ ...section, remote: remote.name as RemoteName })),
  );
  const rank = (segment: string) => {
    const index = MENU_ORDER.indexOf(segment);
    return index === -1 ? MENU_ORDER.length : index;
  };
  return sections.sort((a, b) => rank(a.segment) - rank(b.segment));
}

/** The admin sidebar: the sections that have a menu label. */
export function adminMenu(remotes: readonly RemoteFrontEnd[] = REMOTES): AdminMenuItem[] {
  return adminSections(remotes).flatMap((section) =>
    section.menuLabelKey
      ? [{ path: `/admin/${section.segment}`, labelKey: section.menuLabelKey, area: section.area, remote: section.remote }]
      : [],
  );
}

export function findFrontEnd(workspaceOrName: string): FrontEnd {
  const found = FRONT_ENDS.find((candidate) => candidate.workspace === workspaceOrName || candidate.name === workspaceOrName);
  if (!found) {
    throw new Error(`Unknown front end "${workspaceOrName}"; one of ${FRONT_ENDS.map((f) => f.workspace).join(', ')}`);
  }
  return found;
}

/** Where a remote's manifest is served by the API process (`npm start`). */
export function servedManifestPath(remote: RemoteFrontEnd): string {
  return `/remotes/${remote.servedAs}/mf-manifest.json`;
}
