import type { ActionAnswer } from '../../service/listActions.js'
import type { Action } from '../generated/switchyard/data/v1/Action.js'

/**
 * Maps an action answer to the proto message (inputs as a list, in declaration order).
 * @param action - the use case's action
 * @returns the `Action` message
 */
export function toProtoAction(action: ActionAnswer): Action {
  return {
    action: action.action,
    inputs: action.inputs.map((i) => ({ name: i.name, type: i.type, description: i.description, optional: i.optional })),
  }
}
