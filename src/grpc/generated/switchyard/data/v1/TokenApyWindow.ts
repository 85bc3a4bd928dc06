// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * How a token's APY was measured from chain state.
 */
export interface TokenApyWindow {
  /**
   * `liquidity-rate` (Aave: the reserve's current rate, compounded per second; no window),
   * `share-price` (ERC-4626 convertToAssets of one share), `rebase` (Lido pooled ether per share),
   * `lp-value` (Uniswap V2 sqrt(k) per LP share, Balancer invariant per BPT).
   */
  'method'?: (string);
  /**
   * Window start and end blocks (equal for `liquidity-rate`).
   */
  'from_block'?: (number | string | Long);
  'to_block'?: (number | string | Long);
  /**
   * Seconds between the two blocks' timestamps (0 for `liquidity-rate`).
   */
  'seconds'?: (number | string | Long);
}

/**
 * How a token's APY was measured from chain state.
 */
export interface TokenApyWindow__Output {
  /**
   * `liquidity-rate` (Aave: the reserve's current rate, compounded per second; no window),
   * `share-price` (ERC-4626 convertToAssets of one share), `rebase` (Lido pooled ether per share),
   * `lp-value` (Uniswap V2 sqrt(k) per LP share, Balancer invariant per BPT).
   */
  'method': (string);
  /**
   * Window start and end blocks (equal for `liquidity-rate`).
   */
  'from_block': (string);
  'to_block': (string);
  /**
   * Seconds between the two blocks' timestamps (0 for `liquidity-rate`).
   */
  'seconds': (string);
}
