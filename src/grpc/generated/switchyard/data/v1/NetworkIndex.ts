// Original file: proto/switchyard/data/v1/data_service.proto

import type { NetworkIndexProtocol as _switchyard_data_v1_NetworkIndexProtocol, NetworkIndexProtocol__Output as _switchyard_data_v1_NetworkIndexProtocol__Output } from '../../../switchyard/data/v1/NetworkIndexProtocol.js';
import type { Long } from '@grpc/proto-loader';

/**
 * The pools discovered on an external node's chain (REST: `index` of a /networks entry).
 */
export interface NetworkIndex {
  /**
   * The last block whose creation logs are indexed.
   */
  'indexed_block'?: (number | string | Long);
  /**
   * Least USD TVL of a pool in the search graph (SWITCHYARD_MIN_POOL_TVL_USD).
   */
  'min_pool_tvl_usd'?: (number | string);
  /**
   * Pools, markets and vaults in the index.
   */
  'pools_indexed'?: (number | string | Long);
  /**
   * Of those, the ones above the floor: in the search graph (Morpho Blue markets count when their tokens are usable).
   */
  'pools_above_floor'?: (number | string | Long);
  /**
   * The same counts per protocol.
   */
  'protocols'?: (_switchyard_data_v1_NetworkIndexProtocol)[];
}

/**
 * The pools discovered on an external node's chain (REST: `index` of a /networks entry).
 */
export interface NetworkIndex__Output {
  /**
   * The last block whose creation logs are indexed.
   */
  'indexed_block': (string);
  /**
   * Least USD TVL of a pool in the search graph (SWITCHYARD_MIN_POOL_TVL_USD).
   */
  'min_pool_tvl_usd': (number);
  /**
   * Pools, markets and vaults in the index.
   */
  'pools_indexed': (string);
  /**
   * Of those, the ones above the floor: in the search graph (Morpho Blue markets count when their tokens are usable).
   */
  'pools_above_floor': (string);
  /**
   * The same counts per protocol.
   */
  'protocols': (_switchyard_data_v1_NetworkIndexProtocol__Output)[];
}
