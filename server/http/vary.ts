/** Adds a request header's name to an answer's `Vary`, keeping the names already there (CORS adds `Origin`). */
import type { FastifyReply } from 'fastify';

export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((n) => n.toLowerCase() === name.toLowerCase())) return;
  reply.header('Vary', [...names, name].join(', '));
}
