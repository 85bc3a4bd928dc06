// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface Price {
  'chain_id'?: (number | string | Long);
  'address'?: (string);
  'decimals'?: (number);
  'symbol'?: (string);
  'name'?: (string);
  /**
   * USD.
   */
  'price'?: (number | string);
  /**
   * Unix seconds of the block the price was read at.
   */
  'timestamp'?: (number | string | Long);
  /**
   * 0..1: how much the pools agree and how deep they are.
   */
  'confidence'?: (number | string);
  /**
   * Block the price was read at.
   */
  'block_number'?: (number | string | Long);
}

export interface Price__Output {
  'chain_id': (string);
  'address': (string);
  'decimals': (number);
  'symbol': (string);
  'name': (string);
  /**
   * USD.
   */
  'price': (number);
  /**
   * Unix seconds of the block the price was read at.
   */
  'timestamp': (string);
  /**
   * 0..1: how much the pools agree and how deep they are.
   */
  'confidence': (number);
  /**
   * Block the price was read at.
   */
  'block_number': (string);
}
