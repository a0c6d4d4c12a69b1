/**
 * Who may call a route, declared once on the route as `config: { access }` and checked
 * by one hook (auth/plugin.ts). Admin areas are separate so merchandiser and store-manager
 * roles can be added later by changing `canAccessArea` alone.
 */
export const ADMIN_AREAS = ['catalog', 'stores', 'config', 'users'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** 'public' (default): anyone; 'user': any signed-in user; an area: an admin of that area. */
export type RouteAccess = 'public' | 'user' | AdminArea;

export interface AuthUser {
  id: number;
  email: string;
  isAdmin: boolean;
}

export function canAccessArea(user: AuthUser, _area: AdminArea): boolean {
  return user.isAdmin;
}

export function isAdminArea(access: RouteAccess | undefined): access is AdminArea {
  return (ADMIN_AREAS as readonly string[]).includes(access ?? '');
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
