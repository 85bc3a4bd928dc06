import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountRequest as _switchyard_data_v1_AccountRequest, AccountRequest__Output as _switchyard_data_v1_AccountRequest__Output } from './switchyard/data/v1/AccountRequest.js';
import type { AccountResponse as _switchyard_data_v1_AccountResponse, AccountResponse__Output as _switchyard_data_v1_AccountResponse__Output } from './switchyard/data/v1/AccountResponse.js';
import type { DataServiceClient as _switchyard_data_v1_DataServiceClient, DataServiceDefinition as _switchyard_data_v1_DataServiceDefinition } from './switchyard/data/v1/DataService.js';
import type { Network as _switchyard_data_v1_Network, Network__Output as _switchyard_data_v1_Network__Output } from './switchyard/data/v1/Network.js';
import type { NetworksRequest as _switchyard_data_v1_NetworksRequest, NetworksRequest__Output as _switchyard_data_v1_NetworksRequest__Output } from './switchyard/data/v1/NetworksRequest.js';
import type { NetworksResponse as _switchyard_data_v1_NetworksResponse, NetworksResponse__Output as _switchyard_data_v1_NetworksResponse__Output } from './switchyard/data/v1/NetworksResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  switchyard: {
    data: {
      v1: {
        AccountRequest: MessageTypeDefinition<_switchyard_data_v1_AccountRequest, _switchyard_data_v1_AccountRequest__Output>
        AccountResponse: MessageTypeDefinition<_switchyard_data_v1_AccountResponse, _switchyard_data_v1_AccountResponse__Output>
        /**
         * Read-only data: networks and the caller's account; later protocols, tokens, prices, volume.
         */
        DataService: SubtypeConstructor<typeof grpc.Client, _switchyard_data_v1_DataServiceClient> & { service: _switchyard_data_v1_DataServiceDefinition }
        Network: MessageTypeDefinition<_switchyard_data_v1_Network, _switchyard_data_v1_Network__Output>
        NetworksRequest: MessageTypeDefinition<_switchyard_data_v1_NetworksRequest, _switchyard_data_v1_NetworksRequest__Output>
        NetworksResponse: MessageTypeDefinition<_switchyard_data_v1_NetworksResponse, _switchyard_data_v1_NetworksResponse__Output>
      }
    }
  }
}

