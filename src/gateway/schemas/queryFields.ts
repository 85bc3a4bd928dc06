import { z } from 'zod'

/**
 * Field schemas of the read endpoints' query strings and path parameters, applied after
 * `normalizeQuery` coerced decimal strings to numbers. They only check that a value fits its proto
 * field (uint64, uint32, double, string); the use case validates the meaning (supported chain,
 * page size range, address format) and answers 400 itself.
 */

/** A chain id as the SDK sends it in a query (a decimal string); the gateway keeps it a string. */
export const chainIdStringSchema = z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer')

/** A proto `uint64` read from the query (after coercion): a non-negative safe integer. */
export const uint64Schema = z.number({ error: 'must be a non-negative integer' }).int('must be a non-negative integer')
  .min(0, 'must be a non-negative integer').max(Number.MAX_SAFE_INTEGER, 'is too large')

/** A proto `uint32` read from the query (after coercion). */
export const uint32Schema = z.number({ error: 'must be a non-negative integer' }).int('must be a non-negative integer')
  .min(0, 'must be a non-negative integer').max(2 ** 32 - 1, 'is too large')

/** A proto `double` read from the query (after coercion). */
export const doubleSchema = z.number({ error: 'must be a number' })

/** A `true`/`false` flag read from the query (after coercion). */
export const flagSchema = z.boolean({ error: 'must be true or false' })

/** A single string (a repeated key arrives as an array and is rejected). */
export const textSchema = z.string({ error: 'must be a single string' })

/** A list read by `normalizeQuery` (`k[]=a&k[]=b`, `k=a&k=b` or `k=a,b`). */
export const textListSchema = z.array(z.string())
