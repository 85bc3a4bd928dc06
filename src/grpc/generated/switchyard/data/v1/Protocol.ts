// Original file: proto/switchyard/data/v1/data_service.proto

import type { ProtocolNetwork as _switchyard_data_v1_ProtocolNetwork, ProtocolNetwork__Output as _switchyard_data_v1_ProtocolNetwork__Output } from '../../../switchyard/data/v1/ProtocolNetwork.js';

export interface Protocol {
  /**
   * The overarching project, e.g. uniswap.
   */
  'project'?: (string);
  /**
   * API slug, e.g. uniswap-v2.
   */
  'slug'?: (string);
  'name'?: (string);
  'description'?: (string);
  'url'?: (string);
  'logos_uri'?: (string)[];
  'chains'?: (_switchyard_data_v1_ProtocolNetwork)[];
}

export interface Protocol__Output {
  /**
   * The overarching project, e.g. uniswap.
   */
  'project': (string);
  /**
   * API slug, e.g. uniswap-v2.
   */
  'slug': (string);
  'name': (string);
  'description': (string);
  'url': (string);
  'logos_uri': (string)[];
  'chains': (_switchyard_data_v1_ProtocolNetwork__Output)[];
}
