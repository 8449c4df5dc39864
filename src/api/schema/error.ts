/** The error body every failing request of this project's server answers with (docs/API.md). */
import * as z from 'zod/mini';

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
] as const;

export const errorBody = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
