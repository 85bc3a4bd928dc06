/**
 * Whether a proto3 `optional` field was set. With `oneofs: true`, proto-loader reports presence
 * through the synthetic oneof `_<field>`, whose value is the field's name when it was sent.
 * @param message - a decoded request (`X__Output`)
 * @param field - the field name (proto spelling)
 */
export function hasField<T extends object>(message: T, field: keyof T & string): boolean {
  return (message as Record<string, unknown>)[`_${field}`] === field
}
