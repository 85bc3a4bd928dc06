// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface Project {
  'id'?: (string);
  'chains'?: (number | string | Long)[];
  'protocols'?: (string)[];
}

export interface Project__Output {
  'id': (string);
  'chains': (string)[];
  'protocols': (string)[];
}
