// Original file: proto/switchyard/data/v1/data_service.proto


export interface BridgePoolSide {
  'pool'?: (string);
  'token'?: (string);
  'decimals'?: (number);
}

export interface BridgePoolSide__Output {
  'pool': (string);
  'token': (string);
  'decimals': (number);
}
