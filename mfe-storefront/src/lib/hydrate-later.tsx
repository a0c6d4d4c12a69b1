/**
 * A part of a server-rendered page that React may hydrate after the rest (docs/architecture.md
 * "Server rendering", main-thread work). React hydrates the content of a Suspense boundary found in
 * the server's markup later and in time slices, each boundary with its own commit, instead of in one
 * blocking task with the whole page; a click inside it before then hydrates it first and is
 * replayed. The server sends every boundary inline (the renderer's `progressiveChunkSize`), so the
 * markup is the same as without it. In a client-rendered page nothing inside suspends (lazy parts
 * have boundaries of their own), so the fallback is never shown.
 */
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
