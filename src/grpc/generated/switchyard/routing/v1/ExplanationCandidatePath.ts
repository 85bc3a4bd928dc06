// Original file: proto/switchyard/routing/v1/routing_service.proto


export interface ExplanationCandidatePath {
  'tokens'?: (string)[];
  'pools'?: (string)[];
  'protocols'?: (string)[];
  'amount_in'?: (string);
  'estimated_amount_out'?: (string);
}

export interface ExplanationCandidatePath__Output {
  'tokens': (string)[];
  'pools': (string)[];
  'protocols': (string)[];
  'amount_in': (string);
  'estimated_amount_out': (string);
}
