// Original file: proto/switchyard/data/v1/data_service.proto

import type { UnderlyingToken as _switchyard_data_v1_UnderlyingToken, UnderlyingToken__Output as _switchyard_data_v1_UnderlyingToken__Output } from '../../../switchyard/data/v1/UnderlyingToken.js';
import type { TokenApyWindow as _switchyard_data_v1_TokenApyWindow, TokenApyWindow__Output as _switchyard_data_v1_TokenApyWindow__Output } from '../../../switchyard/data/v1/TokenApyWindow.js';
import type { Long } from '@grpc/proto-loader';

export interface Token {
  'address'?: (string);
  'chain_id'?: (number | string | Long);
  /**
   * base | defi
   */
  'type'?: (string);
  'decimals'?: (number);
  /**
   * Metadata: set only when the request asks for it (`include_metadata`), as the OpenAPI says.
   */
  'symbol'?: (string);
  'name'?: (string);
  /**
   * Metadata too; we know no logos, so it stays empty.
   */
  'logos_uri'?: (string)[];
  /**
   * Empty when the request sets `include_underlying = false`.
   */
  'underlying_tokens'?: (_switchyard_data_v1_UnderlyingToken)[];
  /**
   * Project and protocol slug of a defi token.
   */
  'project'?: (string);
  'protocol'?: (string);
  /**
   * Percent; unset when unknown.
   */
  'apy'?: (number | string);
  /**
   * USD; unset when unknown.
   */
  'tvl'?: (number | string);
  /**
   * The pool or vault the position lives in.
   */
  'primary_address'?: (string);
  /**
   * How `apy` was measured; unset when `apy` is.
   */
  'apy_window'?: (_switchyard_data_v1_TokenApyWindow | null);
  '_symbol'?: "symbol";
  '_name'?: "name";
  '_project'?: "project";
  '_protocol'?: "protocol";
  '_apy'?: "apy";
  '_tvl'?: "tvl";
  '_primary_address'?: "primary_address";
  '_apy_window'?: "apy_window";
}

export interface Token__Output {
  'address': (string);
  'chain_id': (string);
  /**
   * base | defi
   */
  'type': (string);
  'decimals': (number);
  /**
   * Metadata: set only when the request asks for it (`include_metadata`), as the OpenAPI says.
   */
  'symbol'?: (string);
  'name'?: (string);
  /**
   * Metadata too; we know no logos, so it stays empty.
   */
  'logos_uri': (string)[];
  /**
   * Empty when the request sets `include_underlying = false`.
   */
  'underlying_tokens': (_switchyard_data_v1_UnderlyingToken__Output)[];
  /**
   * Project and protocol slug of a defi token.
   */
  'project'?: (string);
  'protocol'?: (string);
  /**
   * Percent; unset when unknown.
   */
  'apy'?: (number);
  /**
   * USD; unset when unknown.
   */
  'tvl'?: (number);
  /**
   * The pool or vault the position lives in.
   */
  'primary_address'?: (string);
  /**
   * How `apy` was measured; unset when `apy` is.
   */
  'apy_window'?: (_switchyard_data_v1_TokenApyWindow__Output | null);
  '_symbol'?: "symbol";
  '_name'?: "name";
  '_project'?: "project";
  '_protocol'?: "protocol";
  '_apy'?: "apy";
  '_tvl'?: "tvl";
  '_primary_address'?: "primary_address";
  '_apy_window'?: "apy_window";
}
