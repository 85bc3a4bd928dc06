// Original file: proto/switchyard/routing/v1/routing_service.proto


export interface ExplanationWinner {
  'reason'?: (string);
  'margin_bps'?: (number | string);
  'gas_difference'?: (string);
  '_margin_bps'?: "margin_bps";
  '_gas_difference'?: "gas_difference";
}

export interface ExplanationWinner__Output {
  'reason': (string);
  'margin_bps'?: (number);
  'gas_difference'?: (string);
  '_margin_bps'?: "margin_bps";
  '_gas_difference'?: "gas_difference";
}
