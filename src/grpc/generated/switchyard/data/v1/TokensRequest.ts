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
  'symbol'?: (string);
  'name'?: (string);
  'apy_from'?: (number | string);
  'tvl_from'?: (number | string);
  'include_metadata'?: (boolean);
  'cursor'?: (string);
  'page_size'?: (number);
  '_chain_id'?: "chain_id";
  '_protocol_slug'?: "protocol_slug";
  '_project'?: "project";
  '_type'?: "type";
  '_symbol'?: "symbol";
  '_name'?: "name";
  '_apy_from'?: "apy_from";
  '_tvl_from'?: "tvl_from";
  '_include_metadata'?: "include_metadata";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
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
  'symbol'?: (string);
  'name'?: (string);
  'apy_from'?: (number);
  'tvl_from'?: (number);
  'include_metadata'?: (boolean);
  'cursor'?: (string);
  'page_size'?: (number);
  '_chain_id'?: "chain_id";
  '_protocol_slug'?: "protocol_slug";
  '_project'?: "project";
  '_type'?: "type";
  '_symbol'?: "symbol";
  '_name'?: "name";
  '_apy_from'?: "apy_from";
  '_tvl_from'?: "tvl_from";
  '_include_metadata'?: "include_metadata";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
}
