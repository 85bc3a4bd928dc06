// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface NontokenizedMeta {
  'total'?: (number | string | Long);
  'last_page'?: (number);
  'current_page'?: (number);
  'per_page'?: (number);
  'prev'?: (number);
  'next'?: (number);
  /**
   * Offset of the next page; unset on the last page.
   */
  'cursor'?: (number);
  '_prev'?: "prev";
  '_next'?: "next";
  '_cursor'?: "cursor";
}

export interface NontokenizedMeta__Output {
  'total': (string);
  'last_page': (number);
  'current_page': (number);
  'per_page': (number);
  'prev'?: (number);
  'next'?: (number);
  /**
   * Offset of the next page; unset on the last page.
   */
  'cursor'?: (number);
  '_prev'?: "prev";
  '_next'?: "next";
  '_cursor'?: "cursor";
}
