// Original file: proto/switchyard/data/v1/data_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AccountRequest as _switchyard_data_v1_AccountRequest, AccountRequest__Output as _switchyard_data_v1_AccountRequest__Output } from '../../../switchyard/data/v1/AccountRequest.js';
import type { AccountResponse as _switchyard_data_v1_AccountResponse, AccountResponse__Output as _switchyard_data_v1_AccountResponse__Output } from '../../../switchyard/data/v1/AccountResponse.js';
import type { ActionsRequest as _switchyard_data_v1_ActionsRequest, ActionsRequest__Output as _switchyard_data_v1_ActionsRequest__Output } from '../../../switchyard/data/v1/ActionsRequest.js';
import type { ActionsResponse as _switchyard_data_v1_ActionsResponse, ActionsResponse__Output as _switchyard_data_v1_ActionsResponse__Output } from '../../../switchyard/data/v1/ActionsResponse.js';
import type { AggregatorsRequest as _switchyard_data_v1_AggregatorsRequest, AggregatorsRequest__Output as _switchyard_data_v1_AggregatorsRequest__Output } from '../../../switchyard/data/v1/AggregatorsRequest.js';
import type { AggregatorsResponse as _switchyard_data_v1_AggregatorsResponse, AggregatorsResponse__Output as _switchyard_data_v1_AggregatorsResponse__Output } from '../../../switchyard/data/v1/AggregatorsResponse.js';
import type { BridgePoolsRequest as _switchyard_data_v1_BridgePoolsRequest, BridgePoolsRequest__Output as _switchyard_data_v1_BridgePoolsRequest__Output } from '../../../switchyard/data/v1/BridgePoolsRequest.js';
import type { BridgePoolsResponse as _switchyard_data_v1_BridgePoolsResponse, BridgePoolsResponse__Output as _switchyard_data_v1_BridgePoolsResponse__Output } from '../../../switchyard/data/v1/BridgePoolsResponse.js';
import type { BridgeStatusRequest as _switchyard_data_v1_BridgeStatusRequest, BridgeStatusRequest__Output as _switchyard_data_v1_BridgeStatusRequest__Output } from '../../../switchyard/data/v1/BridgeStatusRequest.js';
import type { BridgeStatusResponse as _switchyard_data_v1_BridgeStatusResponse, BridgeStatusResponse__Output as _switchyard_data_v1_BridgeStatusResponse__Output } from '../../../switchyard/data/v1/BridgeStatusResponse.js';
import type { NetworksRequest as _switchyard_data_v1_NetworksRequest, NetworksRequest__Output as _switchyard_data_v1_NetworksRequest__Output } from '../../../switchyard/data/v1/NetworksRequest.js';
import type { NetworksResponse as _switchyard_data_v1_NetworksResponse, NetworksResponse__Output as _switchyard_data_v1_NetworksResponse__Output } from '../../../switchyard/data/v1/NetworksResponse.js';
import type { NontokenizedRequest as _switchyard_data_v1_NontokenizedRequest, NontokenizedRequest__Output as _switchyard_data_v1_NontokenizedRequest__Output } from '../../../switchyard/data/v1/NontokenizedRequest.js';
import type { NontokenizedResponse as _switchyard_data_v1_NontokenizedResponse, NontokenizedResponse__Output as _switchyard_data_v1_NontokenizedResponse__Output } from '../../../switchyard/data/v1/NontokenizedResponse.js';
import type { PricesRequest as _switchyard_data_v1_PricesRequest, PricesRequest__Output as _switchyard_data_v1_PricesRequest__Output } from '../../../switchyard/data/v1/PricesRequest.js';
import type { PricesResponse as _switchyard_data_v1_PricesResponse, PricesResponse__Output as _switchyard_data_v1_PricesResponse__Output } from '../../../switchyard/data/v1/PricesResponse.js';
import type { ProjectProtocolsRequest as _switchyard_data_v1_ProjectProtocolsRequest, ProjectProtocolsRequest__Output as _switchyard_data_v1_ProjectProtocolsRequest__Output } from '../../../switchyard/data/v1/ProjectProtocolsRequest.js';
import type { ProjectProtocolsResponse as _switchyard_data_v1_ProjectProtocolsResponse, ProjectProtocolsResponse__Output as _switchyard_data_v1_ProjectProtocolsResponse__Output } from '../../../switchyard/data/v1/ProjectProtocolsResponse.js';
import type { ProjectsRequest as _switchyard_data_v1_ProjectsRequest, ProjectsRequest__Output as _switchyard_data_v1_ProjectsRequest__Output } from '../../../switchyard/data/v1/ProjectsRequest.js';
import type { ProjectsResponse as _switchyard_data_v1_ProjectsResponse, ProjectsResponse__Output as _switchyard_data_v1_ProjectsResponse__Output } from '../../../switchyard/data/v1/ProjectsResponse.js';
import type { ProtocolsRequest as _switchyard_data_v1_ProtocolsRequest, ProtocolsRequest__Output as _switchyard_data_v1_ProtocolsRequest__Output } from '../../../switchyard/data/v1/ProtocolsRequest.js';
import type { ProtocolsResponse as _switchyard_data_v1_ProtocolsResponse, ProtocolsResponse__Output as _switchyard_data_v1_ProtocolsResponse__Output } from '../../../switchyard/data/v1/ProtocolsResponse.js';
import type { StandardsRequest as _switchyard_data_v1_StandardsRequest, StandardsRequest__Output as _switchyard_data_v1_StandardsRequest__Output } from '../../../switchyard/data/v1/StandardsRequest.js';
import type { StandardsResponse as _switchyard_data_v1_StandardsResponse, StandardsResponse__Output as _switchyard_data_v1_StandardsResponse__Output } from '../../../switchyard/data/v1/StandardsResponse.js';
import type { TokensRequest as _switchyard_data_v1_TokensRequest, TokensRequest__Output as _switchyard_data_v1_TokensRequest__Output } from '../../../switchyard/data/v1/TokensRequest.js';
import type { TokensResponse as _switchyard_data_v1_TokensResponse, TokensResponse__Output as _switchyard_data_v1_TokensResponse__Output } from '../../../switchyard/data/v1/TokensResponse.js';
import type { VolumeRequest as _switchyard_data_v1_VolumeRequest, VolumeRequest__Output as _switchyard_data_v1_VolumeRequest__Output } from '../../../switchyard/data/v1/VolumeRequest.js';
import type { VolumeResponse as _switchyard_data_v1_VolumeResponse, VolumeResponse__Output as _switchyard_data_v1_VolumeResponse__Output } from '../../../switchyard/data/v1/VolumeResponse.js';
import type { WalletBalancesRequest as _switchyard_data_v1_WalletBalancesRequest, WalletBalancesRequest__Output as _switchyard_data_v1_WalletBalancesRequest__Output } from '../../../switchyard/data/v1/WalletBalancesRequest.js';
import type { WalletBalancesResponse as _switchyard_data_v1_WalletBalancesResponse, WalletBalancesResponse__Output as _switchyard_data_v1_WalletBalancesResponse__Output } from '../../../switchyard/data/v1/WalletBalancesResponse.js';

/**
 * Read-only data: networks, the caller's account, protocols and their standards, projects, tokens
 * (with TVL), and prices with a confidence score, all read from the chains' current state.
 */
export interface DataServiceClient extends grpc.Client {
  /**
   * The accountId written into on-chain events for the calling API key.
   */
  Account(argument: _switchyard_data_v1_AccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  Account(argument: _switchyard_data_v1_AccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  Account(argument: _switchyard_data_v1_AccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  Account(argument: _switchyard_data_v1_AccountRequest, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The accountId written into on-chain events for the calling API key.
   */
  account(argument: _switchyard_data_v1_AccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  account(argument: _switchyard_data_v1_AccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  account(argument: _switchyard_data_v1_AccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  account(argument: _switchyard_data_v1_AccountRequest, callback: grpc.requestCallback<_switchyard_data_v1_AccountResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Bundle actions and their inputs (GET /api/v1/actions, /actions/{slug}).
   */
  Actions(argument: _switchyard_data_v1_ActionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  Actions(argument: _switchyard_data_v1_ActionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  Actions(argument: _switchyard_data_v1_ActionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  Actions(argument: _switchyard_data_v1_ActionsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Bundle actions and their inputs (GET /api/v1/actions, /actions/{slug}).
   */
  actions(argument: _switchyard_data_v1_ActionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  actions(argument: _switchyard_data_v1_ActionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  actions(argument: _switchyard_data_v1_ActionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  actions(argument: _switchyard_data_v1_ActionsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ActionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Swap aggregators routes may use (each one can be excluded with ignoreAggregators).
   */
  Aggregators(argument: _switchyard_data_v1_AggregatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  Aggregators(argument: _switchyard_data_v1_AggregatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  Aggregators(argument: _switchyard_data_v1_AggregatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  Aggregators(argument: _switchyard_data_v1_AggregatorsRequest, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Swap aggregators routes may use (each one can be excluded with ignoreAggregators).
   */
  aggregators(argument: _switchyard_data_v1_AggregatorsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  aggregators(argument: _switchyard_data_v1_AggregatorsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  aggregators(argument: _switchyard_data_v1_AggregatorsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  aggregators(argument: _switchyard_data_v1_AggregatorsRequest, callback: grpc.requestCallback<_switchyard_data_v1_AggregatorsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Stargate / LayerZero pools of a token on a chain, with their counterparts on the other chains.
   */
  BridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  BridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  BridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  BridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stargate / LayerZero pools of a token on a chain, with their counterparts on the other chains.
   */
  bridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  bridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  bridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  bridgePools(argument: _switchyard_data_v1_BridgePoolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_BridgePoolsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Status of a bridge transaction, from both chains' records.
   */
  BridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  BridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  BridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  BridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Status of a bridge transaction, from both chains' records.
   */
  bridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  bridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  bridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  bridgeStatus(argument: _switchyard_data_v1_BridgeStatusRequest, callback: grpc.requestCallback<_switchyard_data_v1_BridgeStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Networks this deployment serves.
   */
  Networks(argument: _switchyard_data_v1_NetworksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  Networks(argument: _switchyard_data_v1_NetworksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  Networks(argument: _switchyard_data_v1_NetworksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  Networks(argument: _switchyard_data_v1_NetworksRequest, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Networks this deployment serves.
   */
  networks(argument: _switchyard_data_v1_NetworksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  networks(argument: _switchyard_data_v1_NetworksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  networks(argument: _switchyard_data_v1_NetworksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  networks(argument: _switchyard_data_v1_NetworksRequest, callback: grpc.requestCallback<_switchyard_data_v1_NetworksResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Positions a smart wallet can hold directly (GET /api/v1/nontokenized): Aave V3 collateral, Morpho
   * Blue supply and collateral.
   */
  Nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  Nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  Nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  Nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Positions a smart wallet can hold directly (GET /api/v1/nontokenized): Aave V3 collateral, Morpho
   * Blue supply and collateral.
   */
  nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  nontokenized(argument: _switchyard_data_v1_NontokenizedRequest, callback: grpc.requestCallback<_switchyard_data_v1_NontokenizedResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * USD prices of several tokens on one chain; unknown tokens come back unset.
   */
  Prices(argument: _switchyard_data_v1_PricesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  Prices(argument: _switchyard_data_v1_PricesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  Prices(argument: _switchyard_data_v1_PricesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  Prices(argument: _switchyard_data_v1_PricesRequest, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * USD prices of several tokens on one chain; unknown tokens come back unset.
   */
  prices(argument: _switchyard_data_v1_PricesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  prices(argument: _switchyard_data_v1_PricesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  prices(argument: _switchyard_data_v1_PricesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  prices(argument: _switchyard_data_v1_PricesRequest, callback: grpc.requestCallback<_switchyard_data_v1_PricesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The protocols of one project (GET /api/v1/projects/{project}/protocols).
   */
  ProjectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  ProjectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  ProjectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  ProjectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The protocols of one project (GET /api/v1/projects/{project}/protocols).
   */
  projectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  projectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  projectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  projectProtocols(argument: _switchyard_data_v1_ProjectProtocolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProjectProtocolsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Projects (the overarching brand) and their protocols and chains.
   */
  Projects(argument: _switchyard_data_v1_ProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  Projects(argument: _switchyard_data_v1_ProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  Projects(argument: _switchyard_data_v1_ProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  Projects(argument: _switchyard_data_v1_ProjectsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Projects (the overarching brand) and their protocols and chains.
   */
  projects(argument: _switchyard_data_v1_ProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  projects(argument: _switchyard_data_v1_ProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  projects(argument: _switchyard_data_v1_ProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  projects(argument: _switchyard_data_v1_ProjectsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProjectsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Protocols served, with the chains each is live on.
   */
  Protocols(argument: _switchyard_data_v1_ProtocolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  Protocols(argument: _switchyard_data_v1_ProtocolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  Protocols(argument: _switchyard_data_v1_ProtocolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  Protocols(argument: _switchyard_data_v1_ProtocolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Protocols served, with the chains each is live on.
   */
  protocols(argument: _switchyard_data_v1_ProtocolsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  protocols(argument: _switchyard_data_v1_ProtocolsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  protocols(argument: _switchyard_data_v1_ProtocolsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  protocols(argument: _switchyard_data_v1_ProtocolsRequest, callback: grpc.requestCallback<_switchyard_data_v1_ProtocolsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Protocols with the actions they support (the source of the protocol list).
   */
  Standards(argument: _switchyard_data_v1_StandardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  Standards(argument: _switchyard_data_v1_StandardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  Standards(argument: _switchyard_data_v1_StandardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  Standards(argument: _switchyard_data_v1_StandardsRequest, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Protocols with the actions they support (the source of the protocol list).
   */
  standards(argument: _switchyard_data_v1_StandardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  standards(argument: _switchyard_data_v1_StandardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  standards(argument: _switchyard_data_v1_StandardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  standards(argument: _switchyard_data_v1_StandardsRequest, callback: grpc.requestCallback<_switchyard_data_v1_StandardsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Tokens: base tokens and DeFi position tokens (pool shares), filtered, cursor-paginated.
   */
  Tokens(argument: _switchyard_data_v1_TokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  Tokens(argument: _switchyard_data_v1_TokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  Tokens(argument: _switchyard_data_v1_TokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  Tokens(argument: _switchyard_data_v1_TokensRequest, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Tokens: base tokens and DeFi position tokens (pool shares), filtered, cursor-paginated.
   */
  tokens(argument: _switchyard_data_v1_TokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  tokens(argument: _switchyard_data_v1_TokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  tokens(argument: _switchyard_data_v1_TokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  tokens(argument: _switchyard_data_v1_TokensRequest, callback: grpc.requestCallback<_switchyard_data_v1_TokensResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Swap volume over the chain's recent blocks, and the routes executed through our router.
   */
  Volume(argument: _switchyard_data_v1_VolumeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  Volume(argument: _switchyard_data_v1_VolumeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  Volume(argument: _switchyard_data_v1_VolumeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  Volume(argument: _switchyard_data_v1_VolumeRequest, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Swap volume over the chain's recent blocks, and the routes executed through our router.
   */
  volume(argument: _switchyard_data_v1_VolumeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  volume(argument: _switchyard_data_v1_VolumeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  volume(argument: _switchyard_data_v1_VolumeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  volume(argument: _switchyard_data_v1_VolumeRequest, callback: grpc.requestCallback<_switchyard_data_v1_VolumeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Non-zero balances of an account (the EOA or its smart wallet) at the chain's snapshot block: native
   * coin and every token we know on the chain, with USD prices.
   */
  WalletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  WalletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  WalletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  WalletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Non-zero balances of an account (the EOA or its smart wallet) at the chain's snapshot block: native
   * coin and every token we know on the chain, with USD prices.
   */
  walletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  walletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  walletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  walletBalances(argument: _switchyard_data_v1_WalletBalancesRequest, callback: grpc.requestCallback<_switchyard_data_v1_WalletBalancesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Read-only data: networks, the caller's account, protocols and their standards, projects, tokens
 * (with TVL), and prices with a confidence score, all read from the chains' current state.
 */
export interface DataServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The accountId written into on-chain events for the calling API key.
   */
  Account: grpc.handleUnaryCall<_switchyard_data_v1_AccountRequest__Output, _switchyard_data_v1_AccountResponse>;
  
  /**
   * Bundle actions and their inputs (GET /api/v1/actions, /actions/{slug}).
   */
  Actions: grpc.handleUnaryCall<_switchyard_data_v1_ActionsRequest__Output, _switchyard_data_v1_ActionsResponse>;
  
  /**
   * Swap aggregators routes may use (each one can be excluded with ignoreAggregators).
   */
  Aggregators: grpc.handleUnaryCall<_switchyard_data_v1_AggregatorsRequest__Output, _switchyard_data_v1_AggregatorsResponse>;
  
  /**
   * Stargate / LayerZero pools of a token on a chain, with their counterparts on the other chains.
   */
  BridgePools: grpc.handleUnaryCall<_switchyard_data_v1_BridgePoolsRequest__Output, _switchyard_data_v1_BridgePoolsResponse>;
  
  /**
   * Status of a bridge transaction, from both chains' records.
   */
  BridgeStatus: grpc.handleUnaryCall<_switchyard_data_v1_BridgeStatusRequest__Output, _switchyard_data_v1_BridgeStatusResponse>;
  
  /**
   * Networks this deployment serves.
   */
  Networks: grpc.handleUnaryCall<_switchyard_data_v1_NetworksRequest__Output, _switchyard_data_v1_NetworksResponse>;
  
  /**
   * Positions a smart wallet can hold directly (GET /api/v1/nontokenized): Aave V3 collateral, Morpho
   * Blue supply and collateral.
   */
  Nontokenized: grpc.handleUnaryCall<_switchyard_data_v1_NontokenizedRequest__Output, _switchyard_data_v1_NontokenizedResponse>;
  
  /**
   * USD prices of several tokens on one chain; unknown tokens come back unset.
   */
  Prices: grpc.handleUnaryCall<_switchyard_data_v1_PricesRequest__Output, _switchyard_data_v1_PricesResponse>;
  
  /**
   * The protocols of one project (GET /api/v1/projects/{project}/protocols).
   */
  ProjectProtocols: grpc.handleUnaryCall<_switchyard_data_v1_ProjectProtocolsRequest__Output, _switchyard_data_v1_ProjectProtocolsResponse>;
  
  /**
   * Projects (the overarching brand) and their protocols and chains.
   */
  Projects: grpc.handleUnaryCall<_switchyard_data_v1_ProjectsRequest__Output, _switchyard_data_v1_ProjectsResponse>;
  
  /**
   * Protocols served, with the chains each is live on.
   */
  Protocols: grpc.handleUnaryCall<_switchyard_data_v1_ProtocolsRequest__Output, _switchyard_data_v1_ProtocolsResponse>;
  
  /**
   * Protocols with the actions they support (the source of the protocol list).
   */
  Standards: grpc.handleUnaryCall<_switchyard_data_v1_StandardsRequest__Output, _switchyard_data_v1_StandardsResponse>;
  
  /**
   * Tokens: base tokens and DeFi position tokens (pool shares), filtered, cursor-paginated.
   */
  Tokens: grpc.handleUnaryCall<_switchyard_data_v1_TokensRequest__Output, _switchyard_data_v1_TokensResponse>;
  
  /**
   * Swap volume over the chain's recent blocks, and the routes executed through our router.
   */
  Volume: grpc.handleUnaryCall<_switchyard_data_v1_VolumeRequest__Output, _switchyard_data_v1_VolumeResponse>;
  
  /**
   * Non-zero balances of an account (the EOA or its smart wallet) at the chain's snapshot block: native
   * coin and every token we know on the chain, with USD prices.
   */
  WalletBalances: grpc.handleUnaryCall<_switchyard_data_v1_WalletBalancesRequest__Output, _switchyard_data_v1_WalletBalancesResponse>;
  
}

export interface DataServiceDefinition extends grpc.ServiceDefinition {
  Account: MethodDefinition<_switchyard_data_v1_AccountRequest, _switchyard_data_v1_AccountResponse, _switchyard_data_v1_AccountRequest__Output, _switchyard_data_v1_AccountResponse__Output>
  Actions: MethodDefinition<_switchyard_data_v1_ActionsRequest, _switchyard_data_v1_ActionsResponse, _switchyard_data_v1_ActionsRequest__Output, _switchyard_data_v1_ActionsResponse__Output>
  Aggregators: MethodDefinition<_switchyard_data_v1_AggregatorsRequest, _switchyard_data_v1_AggregatorsResponse, _switchyard_data_v1_AggregatorsRequest__Output, _switchyard_data_v1_AggregatorsResponse__Output>
  BridgePools: MethodDefinition<_switchyard_data_v1_BridgePoolsRequest, _switchyard_data_v1_BridgePoolsResponse, _switchyard_data_v1_BridgePoolsRequest__Output, _switchyard_data_v1_BridgePoolsResponse__Output>
  BridgeStatus: MethodDefinition<_switchyard_data_v1_BridgeStatusRequest, _switchyard_data_v1_BridgeStatusResponse, _switchyard_data_v1_BridgeStatusRequest__Output, _switchyard_data_v1_BridgeStatusResponse__Output>
  Networks: MethodDefinition<_switchyard_data_v1_NetworksRequest, _switchyard_data_v1_NetworksResponse, _switchyard_data_v1_NetworksRequest__Output, _switchyard_data_v1_NetworksResponse__Output>
  Nontokenized: MethodDefinition<_switchyard_data_v1_NontokenizedRequest, _switchyard_data_v1_NontokenizedResponse, _switchyard_data_v1_NontokenizedRequest__Output, _switchyard_data_v1_NontokenizedResponse__Output>
  Prices: MethodDefinition<_switchyard_data_v1_PricesRequest, _switchyard_data_v1_PricesResponse, _switchyard_data_v1_PricesRequest__Output, _switchyard_data_v1_PricesResponse__Output>
  ProjectProtocols: MethodDefinition<_switchyard_data_v1_ProjectProtocolsRequest, _switchyard_data_v1_ProjectProtocolsResponse, _switchyard_data_v1_ProjectProtocolsRequest__Output, _switchyard_data_v1_ProjectProtocolsResponse__Output>
  Projects: MethodDefinition<_switchyard_data_v1_ProjectsRequest, _switchyard_data_v1_ProjectsResponse, _switchyard_data_v1_ProjectsRequest__Output, _switchyard_data_v1_ProjectsResponse__Output>
  Protocols: MethodDefinition<_switchyard_data_v1_ProtocolsRequest, _switchyard_data_v1_ProtocolsResponse, _switchyard_data_v1_ProtocolsRequest__Output, _switchyard_data_v1_ProtocolsResponse__Output>
  Standards: MethodDefinition<_switchyard_data_v1_StandardsRequest, _switchyard_data_v1_StandardsResponse, _switchyard_data_v1_StandardsRequest__Output, _switchyard_data_v1_StandardsResponse__Output>
  Tokens: MethodDefinition<_switchyard_data_v1_TokensRequest, _switchyard_data_v1_TokensResponse, _switchyard_data_v1_TokensRequest__Output, _switchyard_data_v1_TokensResponse__Output>
  Volume: MethodDefinition<_switchyard_data_v1_VolumeRequest, _switchyard_data_v1_VolumeResponse, _switchyard_data_v1_VolumeRequest__Output, _switchyard_data_v1_VolumeResponse__Output>
  WalletBalances: MethodDefinition<_switchyard_data_v1_WalletBalancesRequest, _switchyard_data_v1_WalletBalancesResponse, _switchyard_data_v1_WalletBalancesRequest__Output, _switchyard_data_v1_WalletBalancesResponse__Output>
}
