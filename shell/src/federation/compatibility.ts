/**
 * Which shared singletons a remote must agree on with the shell, and the error a remote gets when
 * it does not. React and `@koopjesland/shared` hold page-wide state (React's dispatcher, the auth
 * store, the API client): a remote built against another version would run on the shell's copy and
 * break in ways nobody can read, so it is refused with a clear message instead.
 */
import { satisfy } from '@module-federation/enhanced/runtime';

/** The libraries whose version a remote must accept, by the name the message shows. */
export function criticalLibrary(packageName: string): string | null {
  if (packageName === '@koopjesland/shared' || packageName.startsWith('@koopjesland/shared/'))
    return '@koopjesland/shared';
  if (/^react(-dom)?(\/|$)/.test(packageName)) return 'React';
  return null;
}

export class IncompatibleRemoteError extends Error {
  override readonly name = 'IncompatibleRemoteError';

  constructor(
    /** The library as shown to people: `React` or `@koopjesland/shared`. */
    readonly library: string,
    /** The version range the remote was built for (its requiredVersion in mf-manifest.json). */
    readonly requiredVersion: string,
    /** The version the shell provides in the page. */
    readonly providedVersion: string,
    readonly remote?: string,
  ) {
    super(
      `${remote ?? 'A remote'} needs ${library} ${requiredVersion}, but the page provides ${library} ${providedVersion}`,
    );
  }
}

export function isIncompatibleRemoteError(error: unknown): error is IncompatibleRemoteError {
  return (
    error instanceof IncompatibleRemoteError || (error instanceof Error && error.name === 'IncompatibleRemoteError')
  );
}

/** The error for a shared module whose provided version does not satisfy the consumer's requirement, if it matters. */
export function incompatibility(
  packageName: string,
  providedVersion: string,
  requiredVersion: string | false | undefined,
  remote?: string,
): IncompatibleRemoteError | null {
  const library = criticalLibrary(packageName);
  if (!library || typeof requiredVersion !== 'string' || !providedVersion) return null;
  if (satisfy(providedVersion, requiredVersion)) return null;
  return new IncompatibleRemoteError(library, requiredVersion, providedVersion, remote);
}
