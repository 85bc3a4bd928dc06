// Original file: proto/switchyard/data/v1/data_service.proto

import type { Long } from '@grpc/proto-loader';

export interface TokensMeta {
  /**
   * Matching tokens.
   */
  'total'?: (number | string | Long);
  /**
   * Pass as `cursor` for the next page; unset on the last page.
   */
  'next_cursor'?: (string);
  'page_size'?: (number);
  /**
   * The OpenAPI's PaginationMeta: pages of `page_size`, from 1. Always set by this server; a
   * gateway shows PaginationMeta only when they are (older servers did not send them).
   */
  'last_page'?: (number);
  'current_page'?: (number);
  'per_page'?: (number);
  'prev'?: (number);
  'next'?: (number);
  /**
   * Offset of the next page; unset on the last page.
   */
  'cursor'?: (number | string | Long);
  '_next_cursor'?: "next_cursor";
  '_last_page'?: "last_page";
  '_current_page'?: "current_page";
  '_per_page'?: "per_page";
  '_prev'?: "prev";
  '_next'?: "next";
  '_cursor'?: "cursor";
}

export interface TokensMeta__Output {
  /**
   * Matching tokens.
   */
  'total': (string);
  /**
   * Pass as `cursor` for the next page; unset on the last page.
   */
  'next_cursor'?: (string);
  'page_size': (number);
  /**
   * The OpenAPI's PaginationMeta: pages of `page_size`, from 1. Always set by this server; a
   * gateway shows PaginationMeta only when they are (older servers did not send them).
   */
  'last_page'?: (number);
  'current_page'?: (number);
  'per_page'?: (number);
  'prev'?: (number);
  'next'?: (number);
  /**
   * Offset of the next page; unset on the last page.
   */
  'cursor'?: (string);
  '_next_cursor'?: "next_cursor";
  '_last_page'?: "last_page";
  '_current_page'?: "current_page";
  '_per_page'?: "per_page";
  '_prev'?: "prev";
  '_next'?: "next";
  '_cursor'?: "cursor";
}
