/**
 * Who may call a route, declared once on the route as `config: { access }` and checked
 * by one hook (auth/plugin.ts). Object-level checks (a store manager's stores) go through
 * `canAccessStore` / `storeScope` / `assertStoreAccess`, called by the routes that load a store's data.
 */
import type { FastifyRequest } from 'fastify';
import { USER_ROLES, type UserRole } from '@koopjesland/shared/entities';
import { forbidden } from '../../http/errors';

export const ADMIN_AREAS = ['catalog', 'stores', 'config', 'users'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];


/**
 * 'public' (default): anyone; 'user': any signed-in user; an area: an admin role of that area;
 * a list of areas: an admin role of any of them (held prices: merchandisers and store managers).
 */
export type RouteAccess = 'public' | 'user' | AdminArea | readonly AdminArea[];

export interface AuthUser {
  id: number;
  email: string;
  /** The specification's flag: true for the admin role only. */
  isAdmin: boolean;
  role: UserRole;
  /** Stores a store manager may manage; null = every store (admins, unrestricted store managers). */
  storeIds: number[] | null;
}

const AREAS_BY_ROLE: Record<UserRole, readonly AdminArea[]> = {
  user: [],
  merchandiser: ['catalog'],
  store_manager: ['stores'],
  admin: ADMIN_AREAS,
};

export function canAccessArea(user: AuthUser, area: AdminArea): boolean {
  return AREAS_BY_ROLE[user.role].includes(area);
}

/** The roles a route's access lets in ('public' → none needed), for the OpenAPI document. */
export function rolesFor(access: RouteAccess): UserRole[] {
  if (access === 'public') return [];
  if (access === 'user') return [...USER_ROLES];
  const areas: readonly AdminArea[] = typeof access === 'string' ? [access] : access;
  return USER_ROLES.filter((role) => areas.some((area) => AREAS_BY_ROLE[role].includes(area)));
}

export function isAdminArea(access: RouteAccess | undefined): access is AdminArea {
  return typeof access === 'string' && (ADMIN_AREAS as readonly string[]).includes(access);
}

/** Whether the user may call a route of this admin access (one area, or any of several). */
export function canUseAdminAccess(user: AuthUser, access: AdminArea | readonly AdminArea[]): boolean {
  return typeof access === 'string' ? canAccessArea(user, access) : access.some((area) => canAccessArea(user, area));
}

/** The stores this user's store-area lists are limited to; null = no limit. */
export function storeScope(user: AuthUser): number[] | null {
  if (user.role === 'admin') return null;
  if (user.role === 'store_manager') return user.storeIds;
  return [];
}

export function canAccessStore(user: AuthUser, storeId: number): boolean {
  const scope = storeScope(user);
  return scope === null || scope.includes(storeId);
}

/** Throws 403 unless the signed-in user may manage this store (object-level check). */
export function assertStoreAccess(request: FastifyRequest, storeId: number): void {
  if (!request.authUser || !canAccessStore(request.authUser, storeId)) throw forbidden();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user, read from the database on this request; null when anonymous. */
    authUser: AuthUser | null;
    /** The token's id, for logout. */
    tokenId: string | null;
  }
}
