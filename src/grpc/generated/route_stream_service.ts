import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Approval as _switchyard_routing_v1_Approval, Approval__Output as _switchyard_routing_v1_Approval__Output } from './switchyard/routing/v1/Approval.js';
import type { ApproveRequest as _switchyard_routing_v1_ApproveRequest, ApproveRequest__Output as _switchyard_routing_v1_ApproveRequest__Output } from './switchyard/routing/v1/ApproveRequest.js';
import type { ApproveResponse as _switchyard_routing_v1_ApproveResponse, ApproveResponse__Output as _switchyard_routing_v1_ApproveResponse__Output } from './switchyard/routing/v1/ApproveResponse.js';
import type { BridgingEstimate as _switchyard_routing_v1_BridgingEstimate, BridgingEstimate__Output as _switchyard_routing_v1_BridgingEstimate__Output } from './switchyard/routing/v1/BridgingEstimate.js';
import type { BundleRequest as _switchyard_routing_v1_BundleRequest, BundleRequest__Output as _switchyard_routing_v1_BundleRequest__Output } from './switchyard/routing/v1/BundleRequest.js';
import type { BundleResponse as _switchyard_routing_v1_BundleResponse, BundleResponse__Output as _switchyard_routing_v1_BundleResponse__Output } from './switchyard/routing/v1/BundleResponse.js';
import type { Explanation as _switchyard_routing_v1_Explanation, Explanation__Output as _switchyard_routing_v1_Explanation__Output } from './switchyard/routing/v1/Explanation.js';
import type { ExplanationArgument as _switchyard_routing_v1_ExplanationArgument, ExplanationArgument__Output as _switchyard_routing_v1_ExplanationArgument__Output } from './switchyard/routing/v1/ExplanationArgument.js';
import type { ExplanationCandidate as _switchyard_routing_v1_ExplanationCandidate, ExplanationCandidate__Output as _switchyard_routing_v1_ExplanationCandidate__Output } from './switchyard/routing/v1/ExplanationCandidate.js';
import type { ExplanationCandidatePath as _switchyard_routing_v1_ExplanationCandidatePath, ExplanationCandidatePath__Output as _switchyard_routing_v1_ExplanationCandidatePath__Output } from './switchyard/routing/v1/ExplanationCandidatePath.js';
import type { ExplanationCommand as _switchyard_routing_v1_ExplanationCommand, ExplanationCommand__Output as _switchyard_routing_v1_ExplanationCommand__Output } from './switchyard/routing/v1/ExplanationCommand.js';
import type { ExplanationLeg as _switchyard_routing_v1_ExplanationLeg, ExplanationLeg__Output as _switchyard_routing_v1_ExplanationLeg__Output } from './switchyard/routing/v1/ExplanationLeg.js';
import type { ExplanationStep as _switchyard_routing_v1_ExplanationStep, ExplanationStep__Output as _switchyard_routing_v1_ExplanationStep__Output } from './switchyard/routing/v1/ExplanationStep.js';
import type { ExplanationWinner as _switchyard_routing_v1_ExplanationWinner, ExplanationWinner__Output as _switchyard_routing_v1_ExplanationWinner__Output } from './switchyard/routing/v1/ExplanationWinner.js';
import type { NontokenizedRouteRequest as _switchyard_routing_v1_NontokenizedRouteRequest, NontokenizedRouteRequest__Output as _switchyard_routing_v1_NontokenizedRouteRequest__Output } from './switchyard/routing/v1/NontokenizedRouteRequest.js';
import type { NontokenizedRouteResponse as _switchyard_routing_v1_NontokenizedRouteResponse, NontokenizedRouteResponse__Output as _switchyard_routing_v1_NontokenizedRouteResponse__Output } from './switchyard/routing/v1/NontokenizedRouteResponse.js';
import type { QuoteResponse as _switchyard_routing_v1_QuoteResponse, QuoteResponse__Output as _switchyard_routing_v1_QuoteResponse__Output } from './switchyard/routing/v1/QuoteResponse.js';
import type { ReplayDifference as _switchyard_routing_v1_ReplayDifference, ReplayDifference__Output as _switchyard_routing_v1_ReplayDifference__Output } from './switchyard/routing/v1/ReplayDifference.js';
import type { ReplayRequest as _switchyard_routing_v1_ReplayRequest, ReplayRequest__Output as _switchyard_routing_v1_ReplayRequest__Output } from './switchyard/routing/v1/ReplayRequest.js';
import type { ReplayResponse as _switchyard_routing_v1_ReplayResponse, ReplayResponse__Output as _switchyard_routing_v1_ReplayResponse__Output } from './switchyard/routing/v1/ReplayResponse.js';
import type { RouteBatchItem as _switchyard_routing_v1_RouteBatchItem, RouteBatchItem__Output as _switchyard_routing_v1_RouteBatchItem__Output } from './switchyard/routing/v1/RouteBatchItem.js';
import type { RouteBatchRequest as _switchyard_routing_v1_RouteBatchRequest, RouteBatchRequest__Output as _switchyard_routing_v1_RouteBatchRequest__Output } from './switchyard/routing/v1/RouteBatchRequest.js';
import type { RouteBatchResponse as _switchyard_routing_v1_RouteBatchResponse, RouteBatchResponse__Output as _switchyard_routing_v1_RouteBatchResponse__Output } from './switchyard/routing/v1/RouteBatchResponse.js';
import type { RouteError as _switchyard_routing_v1_RouteError, RouteError__Output as _switchyard_routing_v1_RouteError__Output } from './switchyard/routing/v1/RouteError.js';
import type { RouteRequest as _switchyard_routing_v1_RouteRequest, RouteRequest__Output as _switchyard_routing_v1_RouteRequest__Output } from './switchyard/routing/v1/RouteRequest.js';
import type { RouteResponse as _switchyard_routing_v1_RouteResponse, RouteResponse__Output as _switchyard_routing_v1_RouteResponse__Output } from './switchyard/routing/v1/RouteResponse.js';
import type { RouteStep as _switchyard_routing_v1_RouteStep, RouteStep__Output as _switchyard_routing_v1_RouteStep__Output } from './switchyard/routing/v1/RouteStep.js';
import type { RouteStreamServiceClient as _switchyard_routing_v1_RouteStreamServiceClient, RouteStreamServiceDefinition as _switchyard_routing_v1_RouteStreamServiceDefinition } from './switchyard/routing/v1/RouteStreamService.js';
import type { RoutingServiceClient as _switchyard_routing_v1_RoutingServiceClient, RoutingServiceDefinition as _switchyard_routing_v1_RoutingServiceDefinition } from './switchyard/routing/v1/RoutingService.js';
import type { Transaction as _switchyard_routing_v1_Transaction, Transaction__Output as _switchyard_routing_v1_Transaction__Output } from './switchyard/routing/v1/Transaction.js';
import type { WatchRouteHeartbeat as _switchyard_routing_v1_WatchRouteHeartbeat, WatchRouteHeartbeat__Output as _switchyard_routing_v1_WatchRouteHeartbeat__Output } from './switchyard/routing/v1/WatchRouteHeartbeat.js';
import type { WatchRouteResponse as _switchyard_routing_v1_WatchRouteResponse, WatchRouteResponse__Output as _switchyard_routing_v1_WatchRouteResponse__Output } from './switchyard/routing/v1/WatchRouteResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  switchyard: {
    routing: {
      v1: {
        Approval: MessageTypeDefinition<_switchyard_routing_v1_Approval, _switchyard_routing_v1_Approval__Output>
        ApproveRequest: MessageTypeDefinition<_switchyard_routing_v1_ApproveRequest, _switchyard_routing_v1_ApproveRequest__Output>
        ApproveResponse: MessageTypeDefinition<_switchyard_routing_v1_ApproveResponse, _switchyard_routing_v1_ApproveResponse__Output>
        BridgingEstimate: MessageTypeDefinition<_switchyard_routing_v1_BridgingEstimate, _switchyard_routing_v1_BridgingEstimate__Output>
        BundleRequest: MessageTypeDefinition<_switchyard_routing_v1_BundleRequest, _switchyard_routing_v1_BundleRequest__Output>
        BundleResponse: MessageTypeDefinition<_switchyard_routing_v1_BundleResponse, _switchyard_routing_v1_BundleResponse__Output>
        Explanation: MessageTypeDefinition<_switchyard_routing_v1_Explanation, _switchyard_routing_v1_Explanation__Output>
        ExplanationArgument: MessageTypeDefinition<_switchyard_routing_v1_ExplanationArgument, _switchyard_routing_v1_ExplanationArgument__Output>
        ExplanationCandidate: MessageTypeDefinition<_switchyard_routing_v1_ExplanationCandidate, _switchyard_routing_v1_ExplanationCandidate__Output>
        ExplanationCandidatePath: MessageTypeDefinition<_switchyard_routing_v1_ExplanationCandidatePath, _switchyard_routing_v1_ExplanationCandidatePath__Output>
        ExplanationCommand: MessageTypeDefinition<_switchyard_routing_v1_ExplanationCommand, _switchyard_routing_v1_ExplanationCommand__Output>
        ExplanationLeg: MessageTypeDefinition<_switchyard_routing_v1_ExplanationLeg, _switchyard_routing_v1_ExplanationLeg__Output>
        ExplanationStep: MessageTypeDefinition<_switchyard_routing_v1_ExplanationStep, _switchyard_routing_v1_ExplanationStep__Output>
        ExplanationWinner: MessageTypeDefinition<_switchyard_routing_v1_ExplanationWinner, _switchyard_routing_v1_ExplanationWinner__Output>
        NontokenizedRouteRequest: MessageTypeDefinition<_switchyard_routing_v1_NontokenizedRouteRequest, _switchyard_routing_v1_NontokenizedRouteRequest__Output>
        NontokenizedRouteResponse: MessageTypeDefinition<_switchyard_routing_v1_NontokenizedRouteResponse, _switchyard_routing_v1_NontokenizedRouteResponse__Output>
        QuoteResponse: MessageTypeDefinition<_switchyard_routing_v1_QuoteResponse, _switchyard_routing_v1_QuoteResponse__Output>
        ReplayDifference: MessageTypeDefinition<_switchyard_routing_v1_ReplayDifference, _switchyard_routing_v1_ReplayDifference__Output>
        ReplayRequest: MessageTypeDefinition<_switchyard_routing_v1_ReplayRequest, _switchyard_routing_v1_ReplayRequest__Output>
        ReplayResponse: MessageTypeDefinition<_switchyard_routing_v1_ReplayResponse, _switchyard_routing_v1_ReplayResponse__Output>
        RouteBatchItem: MessageTypeDefinition<_switchyard_routing_v1_RouteBatchItem, _switchyard_routing_v1_RouteBatchItem__Output>
        RouteBatchRequest: MessageTypeDefinition<_switchyard_routing_v1_RouteBatchRequest, _switchyard_routing_v1_RouteBatchRequest__Output>
        RouteBatchResponse: MessageTypeDefinition<_switchyard_routing_v1_RouteBatchResponse, _switchyard_routing_v1_RouteBatchResponse__Output>
        RouteError: MessageTypeDefinition<_switchyard_routing_v1_RouteError, _switchyard_routing_v1_RouteError__Output>
        RouteRequest: MessageTypeDefinition<_switchyard_routing_v1_RouteRequest, _switchyard_routing_v1_RouteRequest__Output>
        RouteResponse: MessageTypeDefinition<_switchyard_routing_v1_RouteResponse, _switchyard_routing_v1_RouteResponse__Output>
        RouteStep: MessageTypeDefinition<_switchyard_routing_v1_RouteStep, _switchyard_routing_v1_RouteStep__Output>
        /**
         * Routes that follow the chain (a subscription re-quoted at every new head) and many routes in one
         * call (a batch on one block). Same authentication as RoutingService (`authorization: Bearer <key>`);
         * errors carry the same JSON envelope in `details` and the `switchyard-error-code` trailer.
         */
        RouteStreamService: SubtypeConstructor<typeof grpc.Client, _switchyard_routing_v1_RouteStreamServiceClient> & { service: _switchyard_routing_v1_RouteStreamServiceDefinition }
        /**
         * Finds, encodes and simulates routes. Every answer comes from simulating the exact transaction
         * on the chain it targets, pinned to one block.
         */
        RoutingService: SubtypeConstructor<typeof grpc.Client, _switchyard_routing_v1_RoutingServiceClient> & { service: _switchyard_routing_v1_RoutingServiceDefinition }
        Transaction: MessageTypeDefinition<_switchyard_routing_v1_Transaction, _switchyard_routing_v1_Transaction__Output>
        WatchRouteHeartbeat: MessageTypeDefinition<_switchyard_routing_v1_WatchRouteHeartbeat, _switchyard_routing_v1_WatchRouteHeartbeat__Output>
        WatchRouteResponse: MessageTypeDefinition<_switchyard_routing_v1_WatchRouteResponse, _switchyard_routing_v1_WatchRouteResponse__Output>
      }
    }
  }
}

