// Original file: proto/switchyard/data/v1/data_service.proto


export interface ProtocolRef {
  'slug'?: (string);
  'name'?: (string);
  /**
   * The protocol's website; empty when unknown.
   */
  'url'?: (string);
}

export interface ProtocolRef__Output {
  'slug': (string);
  'name': (string);
  /**
   * The protocol's website; empty when unknown.
   */
  'url': (string);
}
