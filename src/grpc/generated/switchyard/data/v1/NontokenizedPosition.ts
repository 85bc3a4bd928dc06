// Original file: proto/switchyard/data/v1/data_service.proto

import type { UnderlyingToken as _switchyard_data_v1_UnderlyingToken, UnderlyingToken__Output as _switchyard_data_v1_UnderlyingToken__Output } from '../../../switchyard/data/v1/UnderlyingToken.js';
import type { Long } from '@grpc/proto-loader';

export interface NontokenizedPosition {
  'chain_id'?: (number | string | Long);
  'project'?: (string);
  'protocol'?: (string);
  /**
   * The position's address: positionOut of a non-tokenized route.
   */
  'address'?: (string);
  'position_id'?: (string);
  /**
   * The contract the wallet calls (the Aave Pool, Morpho).
   */
  'primary_address'?: (string);
  'name'?: (string);
  'logos_uri'?: (string);
  'underlying_tokens'?: (_switchyard_data_v1_UnderlyingToken)[];
}

export interface NontokenizedPosition__Output {
  'chain_id': (string);
  'project': (string);
  'protocol': (string);
  /**
   * The position's address: positionOut of a non-tokenized route.
   */
  'address': (string);
  'position_id': (string);
  /**
   * The contract the wallet calls (the Aave Pool, Morpho).
   */
  'primary_address': (string);
  'name': (string);
  'logos_uri': (string);
  'underlying_tokens': (_switchyard_data_v1_UnderlyingToken__Output)[];
}
