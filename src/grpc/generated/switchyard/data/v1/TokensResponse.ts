// Original file: proto/switchyard/data/v1/data_service.proto

import type { Token as _switchyard_data_v1_Token, Token__Output as _switchyard_data_v1_Token__Output } from '../../../switchyard/data/v1/Token.js';
import type { TokensMeta as _switchyard_data_v1_TokensMeta, TokensMeta__Output as _switchyard_data_v1_TokensMeta__Output } from '../../../switchyard/data/v1/TokensMeta.js';

export interface TokensResponse {
  'data'?: (_switchyard_data_v1_Token)[];
  'meta'?: (_switchyard_data_v1_TokensMeta | null);
}

export interface TokensResponse__Output {
  'data': (_switchyard_data_v1_Token__Output)[];
  'meta': (_switchyard_data_v1_TokensMeta__Output | null);
}
