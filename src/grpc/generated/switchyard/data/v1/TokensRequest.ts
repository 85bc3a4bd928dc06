// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface TokensRequest {
  'chain_id'?: (number | string | Long);
  'protocol_slug'?: (string);
  'project'?: (string);
  /**
   * base | defi
   */
  'type'?: (string);
  'underlying_tokens'?: (string)[];
  'address'?: (string)[];
  /**
   * Any of these symbols (case-insensitive). Was `optional string`: the wire format of one value is
   * the same, so older callers still filter by one symbol.
   */
  'symbol'?: (string)[];
  /**
   * Names containing any of these (case-insensitive).
   */
  'name'?: (string)[];
  'apy_from'?: (number | string);
  'tvl_from'?: (number | string);
  'include_metadata'?: (boolean);
  /**
   * Ours (`o:<offset>` base64url, from `next_cursor`) or the OpenAPI's numeric offset (`meta.cursor`).
   */
  'cursor'?: (string);
  'page_size'?: (number);
  'apy_to'?: (number | string);
  'tvl_to'?: (number | string);
  /**
   * The spec's `tvl`: minimum TVL in USD (with `tvl_from`, both apply).
   */
  'tvl'?: (number | string);
  /**
   * The exact set of underlying tokens.
   */
  'underlying_tokens_exact'?: (string)[];
  /**
   * Default true.
   */
  'include_underlying'?: (boolean);
  'primary_address'?: (string)[];
  /**
   * From 1; `cursor` wins when both are given.
   */
  'page'?: (number);
  /**
   * SingleToken (a position entered with one token: vault shares, aTokens, stETH/wstETH) or
   * MultiToken (several: Uniswap V2 LP, Balancer BPT). Base tokens are positions of neither.
   */
  'liquidity_type'?: (string);
  '_chain_id'?: "chain_id";
  '_protocol_slug'?: "protocol_slug";
  '_project'?: "project";
  '_type'?: "type";
  '_apy_from'?: "apy_from";
  '_tvl_from'?: "tvl_from";
  '_include_metadata'?: "include_metadata";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
  '_apy_to'?: "apy_to";
  '_tvl_to'?: "tvl_to";
  '_tvl'?: "tvl";
  '_include_underlying'?: "include_underlying";
  '_page'?: "page";
  '_liquidity_type'?: "liquidity_type";
}

export interface TokensRequest__Output {
  'chain_id'?: (string);
  'protocol_slug'?: (string);
  'project'?: (string);
  /**
   * base | defi
   */
  'type'?: (string);
  'underlying_tokens': (string)[];
  'address': (string)[];
  /**
   * Any of these symbols (case-insensitive). Was `optional string`: the wire format of one value is
   * the same, so older callers still filter by one symbol.
   */
  'symbol': (string)[];
  /**
   * Names containing any of these (case-insensitive).
   */
  'name': (string)[];
  'apy_from'?: (number);
  'tvl_from'?: (number);
  'include_metadata'?: (boolean);
  /**
   * Ours (`o:<offset>` base64url, from `next_cursor`) or the OpenAPI's numeric offset (`meta.cursor`).
   */
  'cursor'?: (string);
  'page_size'?: (number);
  'apy_to'?: (number);
  'tvl_to'?: (number);
  /**
   * The spec's `tvl`: minimum TVL in USD (with `tvl_from`, both apply).
   */
  'tvl'?: (number);
  /**
   * The exact set of underlying tokens.
   */
  'underlying_tokens_exact': (string)[];
  /**
   * Default true.
   */
  'include_underlying'?: (boolean);
  'primary_address': (string)[];
  /**
   * From 1; `cursor` wins when both are given.
   */
  'page'?: (number);
  /**
   * SingleToken (a position entered with one token: vault shares, aTokens, stETH/wstETH) or
   * MultiToken (several: Uniswap V2 LP, Balancer BPT). Base tokens are positions of neither.
   */
  'liquidity_type'?: (string);
  '_chain_id'?: "chain_id";
  '_protocol_slug'?: "protocol_slug";
  '_project'?: "project";
  '_type'?: "type";
  '_apy_from'?: "apy_from";
  '_tvl_from'?: "tvl_from";
  '_include_metadata'?: "include_metadata";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
  '_apy_to'?: "apy_to";
  '_tvl_to'?: "tvl_to";
  '_tvl'?: "tvl";
  '_include_underlying'?: "include_underlying";
  '_page'?: "page";
  '_liquidity_type'?: "liquidity_type";
}
