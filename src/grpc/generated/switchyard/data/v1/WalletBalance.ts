// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface WalletBalance {
  /**
   * Token address; 0xEeee…EEeE for the native coin.
   */
  'token'?: (string);
  /**
   * Raw balance (base units), decimal string.
   */
  'amount'?: (string);
  'chain_id'?: (number | string | Long);
  'decimals'?: (number);
  /**
   * USD price of one token, decimal string; unset when we have no price.
   */
  'price'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'logo_uri'?: (string);
  '_price'?: "price";
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_logo_uri'?: "logo_uri";
}

export interface WalletBalance__Output {
  /**
   * Token address; 0xEeee…EEeE for the native coin.
   */
  'token': (string);
  /**
   * Raw balance (base units), decimal string.
   */
  'amount': (string);
  'chain_id': (string);
  'decimals': (number);
  /**
   * USD price of one token, decimal string; unset when we have no price.
   */
  'price'?: (string);
  'name'?: (string);
  'symbol'?: (string);
  'logo_uri'?: (string);
  '_price'?: "price";
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_logo_uri'?: "logo_uri";
}
