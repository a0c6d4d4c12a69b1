/**
 * The one shared map for the shell and every remote (Module Federation). Libraries that hold
 * React context or page-wide state are singletons so they exist once in the page, whichever
 * remote loads first. Nothing is eager: every front end starts behind an async boundary
 * (`import('./bootstrap')`), which lets the runtime negotiate versions before any module runs.
 *
 * antd is deliberately absent: each front end bundles the antd parts it uses under its own
 * ConfigProvider with the shared theme (docs/architecture.md, "Front-end build and bundles").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'i18next',
  'react-i18next',
  'zustand',
  '@reduxjs/toolkit',
  'react-redux',
  'ky',
  '@koopjesland/shared',
] as const;

export interface SharedConfig {
  singleton: true;
  requiredVersion: string | false;
  eager: false;
  strictVersion: false;
  /** The module provided under this name when it is not the package itself. */
  import?: string;
  version?: string;
}

/**
 * `react-router-dom` is provided as a declarative-API subset (see react-router-dom.ts) so the
 * router's unused data/SSR code is not on every page. `react-router` is then bundled inside that
 * one shared module, never shared or imported on its own, so the router context exists once.
 */
const PROVIDED_AS: Partial<Record<(typeof SHARED_SINGLETONS)[number], string>> = {
  'react-router-dom': join(__dirname, 'react-router-dom.ts'),
};

type PackageJson = { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; version?: string };

function readPackageJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/**
 * The shared map for the front end in `workspaceDir`. requiredVersion comes from that front
 * end's own package.json (or the root's, for libraries it only gets through the workspace),
 * so a remote built against another version is detected at runtime.
 */
export function sharedMap(workspaceDir: string, rootDir = join(workspaceDir, '..')): Record<string, SharedConfig> {
  const own = readPackageJson(join(workspaceDir, 'package.json'));
  const root = readPackageJson(join(rootDir, 'package.json'));
  const sharedPackage = readPackageJson(join(rootDir, 'shared', 'package.json'));
  const declared: Record<string, string> = {
    ...sharedPackage.dependencies,
    ...root.devDependencies,
    ...own.dependencies,
    '@koopjesland/shared': sharedPackage.version ?? '0.1.0',
  };

  const map: Record<string, SharedConfig> = {};
  for (const name of SHARED_SINGLETONS) {
    const packageName = name.replace(/\/$/, '');
    map[name] = {
      singleton: true,
      requiredVersion: declared[packageName] ?? installedVersion(rootDir, packageName),
      eager: false,
      strictVersion: false,
    };
    const provided = PROVIDED_AS[name];
    if (provided) {
      map[name].import = provided;
      map[name].version = installedVersion(rootDir, packageName, true) || undefined;
    }
  }
  return map;
}

function installedVersion(rootDir: string, packageName: string, exact = false): string | false {
  try {
    const version = readPackageJson(join(rootDir, 'node_modules', packageName, 'package.json')).version;
    if (!version) return false;
    return exact ? version : `^${version}`;
  } catch {
    return false;
  }
}
