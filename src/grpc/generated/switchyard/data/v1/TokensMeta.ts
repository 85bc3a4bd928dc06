// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface TokensMeta {
  'total'?: (number | string | Long);
  /**
   * Pass as `cursor` for the next page; unset on the last page.
   */
  'next_cursor'?: (string);
  'page_size'?: (number);
  '_next_cursor'?: "next_cursor";
}

export interface TokensMeta__Output {
  'total': (string);
  /**
   * Pass as `cursor` for the next page; unset on the last page.
   */
  'next_cursor'?: (string);
  'page_size': (number);
  '_next_cursor'?: "next_cursor";
}
