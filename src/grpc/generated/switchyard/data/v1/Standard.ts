// Original file: proto/switchyard/data/v1/data_service.proto

import type { ProtocolRef as _switchyard_data_v1_ProtocolRef, ProtocolRef__Output as _switchyard_data_v1_ProtocolRef__Output } from '../../../switchyard/data/v1/ProtocolRef.js';
import type { StandardAction as _switchyard_data_v1_StandardAction, StandardAction__Output as _switchyard_data_v1_StandardAction__Output } from '../../../switchyard/data/v1/StandardAction.js';
import type { Protocol as _switchyard_data_v1_Protocol, Protocol__Output as _switchyard_data_v1_Protocol__Output } from '../../../switchyard/data/v1/Protocol.js';

export interface Standard {
  'protocol'?: (_switchyard_data_v1_ProtocolRef | null);
  'forks'?: (_switchyard_data_v1_ProtocolRef)[];
  /**
   * Actions named as the OpenAPI's StandardAction enum names them: a route edge's own verb maps to
   * it (Lido stake and wrap, Aave supply: deposit; Lido unwrap: redeem).
   */
  'actions'?: (_switchyard_data_v1_StandardAction)[];
  /**
   * The protocol as the OpenAPI's ProtocolModel describes it (GET /standards/{slug}): project, name,
   * description, url, logos, and the chains any of its actions is served on.
   */
  'details'?: (_switchyard_data_v1_Protocol | null);
}

export interface Standard__Output {
  'protocol': (_switchyard_data_v1_ProtocolRef__Output | null);
  'forks': (_switchyard_data_v1_ProtocolRef__Output)[];
  /**
   * Actions named as the OpenAPI's StandardAction enum names them: a route edge's own verb maps to
   * it (Lido stake and wrap, Aave supply: deposit; Lido unwrap: redeem).
   */
  'actions': (_switchyard_data_v1_StandardAction__Output)[];
  /**
   * The protocol as the OpenAPI's ProtocolModel describes it (GET /standards/{slug}): project, name,
   * description, url, logos, and the chains any of its actions is served on.
   */
  'details': (_switchyard_data_v1_Protocol__Output | null);
}
