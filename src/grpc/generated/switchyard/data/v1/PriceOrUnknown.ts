// Original file: proto/switchyard/data/v1/data_service.proto

import type { Price as _switchyard_data_v1_Price, Price__Output as _switchyard_data_v1_Price__Output } from '../../../switchyard/data/v1/Price.js';

export interface PriceOrUnknown {
  /**
   * Unset when the token has no price.
   */
  'price'?: (_switchyard_data_v1_Price | null);
  '_price'?: "price";
}

export interface PriceOrUnknown__Output {
  /**
   * Unset when the token has no price.
   */
  'price'?: (_switchyard_data_v1_Price__Output | null);
  '_price'?: "price";
}
