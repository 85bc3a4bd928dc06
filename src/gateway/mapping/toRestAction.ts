import type { Action__Output } from '../../grpc/generated/switchyard/data/v1/Action.js'
import type { RestAction, RestActionInput } from '../schemas/actionsResponse.js'

/**
 * Proto action → REST (OpenAPI `Action`: inputs keyed by name, in declaration order).
 * @param action - the gRPC action
 * @returns the REST action
 */
export function toRestAction(action: Action__Output): RestAction {
  const inputs: Record<string, RestActionInput> = {}
  for (const i of action.inputs) inputs[i.name] = { type: i.type, description: i.description, optional: i.optional }
  return { action: action.action, inputs }
}
