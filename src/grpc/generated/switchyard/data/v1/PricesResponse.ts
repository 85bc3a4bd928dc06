// Original file: proto/switchyard/data/v1/data_service.proto

import type { PriceOrUnknown as _switchyard_data_v1_PriceOrUnknown, PriceOrUnknown__Output as _switchyard_data_v1_PriceOrUnknown__Output } from '../../../switchyard/data/v1/PriceOrUnknown.js';

export interface PricesResponse {
  /**
   * One entry per requested address, in order.
   */
  'prices'?: (_switchyard_data_v1_PriceOrUnknown)[];
}

export interface PricesResponse__Output {
  /**
   * One entry per requested address, in order.
   */
  'prices': (_switchyard_data_v1_PriceOrUnknown__Output)[];
}
