// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface NontokenizedRequest {
  'chain_id'?: (number | string | Long);
  'project'?: (string);
  'protocol_slug'?: (string);
  'position_id'?: (string)[];
  'address'?: (string)[];
  'primary_address'?: (string)[];
  'underlying_tokens'?: (string)[];
  'underlying_tokens_exact'?: (string)[];
  /**
   * Page number from 1; pages hold page_size entries (default 1000).
   */
  'page'?: (number);
  /**
   * Offset into the list; wins over page.
   */
  'cursor'?: (number);
  'page_size'?: (number);
  '_chain_id'?: "chain_id";
  '_project'?: "project";
  '_protocol_slug'?: "protocol_slug";
  '_page'?: "page";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
}

export interface NontokenizedRequest__Output {
  'chain_id'?: (string);
  'project'?: (string);
  'protocol_slug'?: (string);
  'position_id': (string)[];
  'address': (string)[];
  'primary_address': (string)[];
  'underlying_tokens': (string)[];
  'underlying_tokens_exact': (string)[];
  /**
   * Page number from 1; pages hold page_size entries (default 1000).
   */
  'page'?: (number);
  /**
   * Offset into the list; wins over page.
   */
  'cursor'?: (number);
  'page_size'?: (number);
  '_chain_id'?: "chain_id";
  '_project'?: "project";
  '_protocol_slug'?: "protocol_slug";
  '_page'?: "page";
  '_cursor'?: "cursor";
  '_page_size'?: "page_size";
}
