// Original file: proto/switchyard/data/v1/data_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AccountRequest as _switchyard_data_v1_AccountRequest, AccountRequest__Output as _switchyard_data_v1_AccountRequest__Output } from '../../../switchyard/data/v1/AccountRequest.js';
import type { AccountResponse as _switchyard_data_v1_AccountResponse, AccountResponse__Output as _switchyard_data_v1_AccountResponse__Output } from '../../../switchyard/data/v1/AccountResponse.js';
import type { NetworksRequest as _switchyard_data_v1_NetworksRequest, NetworksRequest__Output as _switchyard_data_v1_NetworksRequest__Output } from '../../../switchyard/data/v1/NetworksRequest.js';
import type { NetworksResponse as _switchyard_data_v1_NetworksResponse, NetworksResponse__Output as _switchyard_data_v1_NetworksResponse__Output } from '../../../switchyard/data/v1/NetworksResponse.js';

/**
 * Read-only data: networks and the caller's account; later protocols, tokens, prices, volume.
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
  
}

/**
 * Read-only data: networks and the caller's account; later protocols, tokens, prices, volume.
 */
export interface DataServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The accountId written into on-chain events for the calling API key.
   */
  Account: grpc.handleUnaryCall<_switchyard_data_v1_AccountRequest__Output, _switchyard_data_v1_AccountResponse>;
  
  /**
   * Networks this deployment serves.
   */
  Networks: grpc.handleUnaryCall<_switchyard_data_v1_NetworksRequest__Output, _switchyard_data_v1_NetworksResponse>;
  
}

export interface DataServiceDefinition extends grpc.ServiceDefinition {
  Account: MethodDefinition<_switchyard_data_v1_AccountRequest, _switchyard_data_v1_AccountResponse, _switchyard_data_v1_AccountRequest__Output, _switchyard_data_v1_AccountResponse__Output>
  Networks: MethodDefinition<_switchyard_data_v1_NetworksRequest, _switchyard_data_v1_NetworksResponse, _switchyard_data_v1_NetworksRequest__Output, _switchyard_data_v1_NetworksResponse__Output>
}
