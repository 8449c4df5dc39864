/**
 * The interface's description (GET /api/openapi.json) as the server makes it from its registered routes, built
 * in-process (the routes need no data to be described), so that a test file can enumerate the routes when it is
 * collected: `describe.each(operations(await interfaceDescription()))`. test/api/openapi.test.ts checks that the
 * running server serves the same description.
 */
import { buildApp } from '../../server/app';
import type { OpenApiDocument, Operation } from '../../server/http/openapi';
import { SqliteStore } from '../../server/storage/sqlite/sqliteStore';

export async function interfaceDescription(): Promise<OpenApiDocument> {
  const app = await buildApp({ store: new SqliteStore(':memory:') });
  try {
    await app.ready();
    return app.apiDescription();
  } finally {
    await app.close();
  }
}

export interface DescribedOperation {
  /** Upper case: GET, PUT… */
  method: string;
  /** As described: `/api/workrequests/{id}`. */
  path: string;
  operation: Operation;
  /** Answered without credentials (a signed link, an invitation code, a health check). */
  isPublic: boolean;
  /** `GET /api/workrequests/{id}`, for test names. */
  label: string;
}

export function operations(description: OpenApiDocument): DescribedOperation[] {
  return Object.entries(description.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
      isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      label: `${method.toUpperCase()} ${path}`,
    })),
  );
}

/** A request path for a described path: each parameter replaced (by default an id no record has). */
export function pathFor(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'f0f0f0f0f0f0f0f0f0f0f0f0');
}

/** The names of an operation's parameters in one place. */
export const parameterNames = (operation: Operation, place: 'path' | 'query' | 'header'): string[] =>
  operation.parameters.filter((p) => p.in === place).map((p) => p.name);
