import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountRequest as _switchyard_data_v1_AccountRequest, AccountRequest__Output as _switchyard_data_v1_AccountRequest__Output } from './switchyard/data/v1/AccountRequest.js';
import type { AccountResponse as _switchyard_data_v1_AccountResponse, AccountResponse__Output as _switchyard_data_v1_AccountResponse__Output } from './switchyard/data/v1/AccountResponse.js';
import type { Action as _switchyard_data_v1_Action, Action__Output as _switchyard_data_v1_Action__Output } from './switchyard/data/v1/Action.js';
import type { ActionInput as _switchyard_data_v1_ActionInput, ActionInput__Output as _switchyard_data_v1_ActionInput__Output } from './switchyard/data/v1/ActionInput.js';
import type { ActionsRequest as _switchyard_data_v1_ActionsRequest, ActionsRequest__Output as _switchyard_data_v1_ActionsRequest__Output } from './switchyard/data/v1/ActionsRequest.js';
import type { ActionsResponse as _switchyard_data_v1_ActionsResponse, ActionsResponse__Output as _switchyard_data_v1_ActionsResponse__Output } from './switchyard/data/v1/ActionsResponse.js';
import type { AggregatorsRequest as _switchyard_data_v1_AggregatorsRequest, AggregatorsRequest__Output as _switchyard_data_v1_AggregatorsRequest__Output } from './switchyard/data/v1/AggregatorsRequest.js';
import type { AggregatorsResponse as _switchyard_data_v1_AggregatorsResponse, AggregatorsResponse__Output as _switchyard_data_v1_AggregatorsResponse__Output } from './switchyard/data/v1/AggregatorsResponse.js';
import type { BridgePool as _switchyard_data_v1_BridgePool, BridgePool__Output as _switchyard_data_v1_BridgePool__Output } from './switchyard/data/v1/BridgePool.js';
import type { BridgePoolSide as _switchyard_data_v1_BridgePoolSide, BridgePoolSide__Output as _switchyard_data_v1_BridgePoolSide__Output } from './switchyard/data/v1/BridgePoolSide.js';
import type { BridgePoolsRequest as _switchyard_data_v1_BridgePoolsRequest, BridgePoolsRequest__Output as _switchyard_data_v1_BridgePoolsRequest__Output } from './switchyard/data/v1/BridgePoolsRequest.js';
import type { BridgePoolsResponse as _switchyard_data_v1_BridgePoolsResponse, BridgePoolsResponse__Output as _switchyard_data_v1_BridgePoolsResponse__Output } from './switchyard/data/v1/BridgePoolsResponse.js';
import type { BridgeStatusRequest as _switchyard_data_v1_BridgeStatusRequest, BridgeStatusRequest__Output as _switchyard_data_v1_BridgeStatusRequest__Output } from './switchyard/data/v1/BridgeStatusRequest.js';
import type { BridgeStatusResponse as _switchyard_data_v1_BridgeStatusResponse, BridgeStatusResponse__Output as _switchyard_data_v1_BridgeStatusResponse__Output } from './switchyard/data/v1/BridgeStatusResponse.js';
import type { ChainBlock as _switchyard_data_v1_ChainBlock, ChainBlock__Output as _switchyard_data_v1_ChainBlock__Output } from './switchyard/data/v1/ChainBlock.js';
import type { DataServiceClient as _switchyard_data_v1_DataServiceClient, DataServiceDefinition as _switchyard_data_v1_DataServiceDefinition } from './switchyard/data/v1/DataService.js';
import type { Network as _switchyard_data_v1_Network, Network__Output as _switchyard_data_v1_Network__Output } from './switchyard/data/v1/Network.js';
import type { NetworkIndex as _switchyard_data_v1_NetworkIndex, NetworkIndex__Output as _switchyard_data_v1_NetworkIndex__Output } from './switchyard/data/v1/NetworkIndex.js';
import type { NetworkIndexProtocol as _switchyard_data_v1_NetworkIndexProtocol, NetworkIndexProtocol__Output as _switchyard_data_v1_NetworkIndexProtocol__Output } from './switchyard/data/v1/NetworkIndexProtocol.js';
import type { NetworksRequest as _switchyard_data_v1_NetworksRequest, NetworksRequest__Output as _switchyard_data_v1_NetworksRequest__Output } from './switchyard/data/v1/NetworksRequest.js';
import type { NetworksResponse as _switchyard_data_v1_NetworksResponse, NetworksResponse__Output as _switchyard_data_v1_NetworksResponse__Output } from './switchyard/data/v1/NetworksResponse.js';
import type { NontokenizedMeta as _switchyard_data_v1_NontokenizedMeta, NontokenizedMeta__Output as _switchyard_data_v1_NontokenizedMeta__Output } from './switchyard/data/v1/NontokenizedMeta.js';
import type { NontokenizedPosition as _switchyard_data_v1_NontokenizedPosition, NontokenizedPosition__Output as _switchyard_data_v1_NontokenizedPosition__Output } from './switchyard/data/v1/NontokenizedPosition.js';
import type { NontokenizedRequest as _switchyard_data_v1_NontokenizedRequest, NontokenizedRequest__Output as _switchyard_data_v1_NontokenizedRequest__Output } from './switchyard/data/v1/NontokenizedRequest.js';
import type { NontokenizedResponse as _switchyard_data_v1_NontokenizedResponse, NontokenizedResponse__Output as _switchyard_data_v1_NontokenizedResponse__Output } from './switchyard/data/v1/NontokenizedResponse.js';
import type { Price as _switchyard_data_v1_Price, Price__Output as _switchyard_data_v1_Price__Output } from './switchyard/data/v1/Price.js';
import type { PriceOrUnknown as _switchyard_data_v1_PriceOrUnknown, PriceOrUnknown__Output as _switchyard_data_v1_PriceOrUnknown__Output } from './switchyard/data/v1/PriceOrUnknown.js';
import type { PricesRequest as _switchyard_data_v1_PricesRequest, PricesRequest__Output as _switchyard_data_v1_PricesRequest__Output } from './switchyard/data/v1/PricesRequest.js';
import type { PricesResponse as _switchyard_data_v1_PricesResponse, PricesResponse__Output as _switchyard_data_v1_PricesResponse__Output } from './switchyard/data/v1/PricesResponse.js';
import type { Project as _switchyard_data_v1_Project, Project__Output as _switchyard_data_v1_Project__Output } from './switchyard/data/v1/Project.js';
import type { ProjectProtocolsRequest as _switchyard_data_v1_ProjectProtocolsRequest, ProjectProtocolsRequest__Output as _switchyard_data_v1_ProjectProtocolsRequest__Output } from './switchyard/data/v1/ProjectProtocolsRequest.js';
import type { ProjectProtocolsResponse as _switchyard_data_v1_ProjectProtocolsResponse, ProjectProtocolsResponse__Output as _switchyard_data_v1_ProjectProtocolsResponse__Output } from './switchyard/data/v1/ProjectProtocolsResponse.js';
import type { ProjectsRequest as _switchyard_data_v1_ProjectsRequest, ProjectsRequest__Output as _switchyard_data_v1_ProjectsRequest__Output } from './switchyard/data/v1/ProjectsRequest.js';
import type { ProjectsResponse as _switchyard_data_v1_ProjectsResponse, ProjectsResponse__Output as _switchyard_data_v1_ProjectsResponse__Output } from './switchyard/data/v1/ProjectsResponse.js';
import type { Protocol as _switchyard_data_v1_Protocol, Protocol__Output as _switchyard_data_v1_Protocol__Output } from './switchyard/data/v1/Protocol.js';
import type { ProtocolNetwork as _switchyard_data_v1_ProtocolNetwork, ProtocolNetwork__Output as _switchyard_data_v1_ProtocolNetwork__Output } from './switchyard/data/v1/ProtocolNetwork.js';
import type { ProtocolRef as _switchyard_data_v1_ProtocolRef, ProtocolRef__Output as _switchyard_data_v1_ProtocolRef__Output } from './switchyard/data/v1/ProtocolRef.js';
import type { ProtocolVolume as _switchyard_data_v1_ProtocolVolume, ProtocolVolume__Output as _switchyard_data_v1_ProtocolVolume__Output } from './switchyard/data/v1/ProtocolVolume.js';
import type { ProtocolsRequest as _switchyard_data_v1_ProtocolsRequest, ProtocolsRequest__Output as _switchyard_data_v1_ProtocolsRequest__Output } from './switchyard/data/v1/ProtocolsRequest.js';
import type { ProtocolsResponse as _switchyard_data_v1_ProtocolsResponse, ProtocolsResponse__Output as _switchyard_data_v1_ProtocolsResponse__Output } from './switchyard/data/v1/ProtocolsResponse.js';
import type { Standard as _switchyard_data_v1_Standard, Standard__Output as _switchyard_data_v1_Standard__Output } from './switchyard/data/v1/Standard.js';
import type { StandardAction as _switchyard_data_v1_StandardAction, StandardAction__Output as _switchyard_data_v1_StandardAction__Output } from './switchyard/data/v1/StandardAction.js';
import type { StandardsRequest as _switchyard_data_v1_StandardsRequest, StandardsRequest__Output as _switchyard_data_v1_StandardsRequest__Output } from './switchyard/data/v1/StandardsRequest.js';
import type { StandardsResponse as _switchyard_data_v1_StandardsResponse, StandardsResponse__Output as _switchyard_data_v1_StandardsResponse__Output } from './switchyard/data/v1/StandardsResponse.js';
import type { Token as _switchyard_data_v1_Token, Token__Output as _switchyard_data_v1_Token__Output } from './switchyard/data/v1/Token.js';
import type { TokenApyWindow as _switchyard_data_v1_TokenApyWindow, TokenApyWindow__Output as _switchyard_data_v1_TokenApyWindow__Output } from './switchyard/data/v1/TokenApyWindow.js';
import type { TokensMeta as _switchyard_data_v1_TokensMeta, TokensMeta__Output as _switchyard_data_v1_TokensMeta__Output } from './switchyard/data/v1/TokensMeta.js';
import type { TokensRequest as _switchyard_data_v1_TokensRequest, TokensRequest__Output as _switchyard_data_v1_TokensRequest__Output } from './switchyard/data/v1/TokensRequest.js';
import type { TokensResponse as _switchyard_data_v1_TokensResponse, TokensResponse__Output as _switchyard_data_v1_TokensResponse__Output } from './switchyard/data/v1/TokensResponse.js';
import type { UnderlyingToken as _switchyard_data_v1_UnderlyingToken, UnderlyingToken__Output as _switchyard_data_v1_UnderlyingToken__Output } from './switchyard/data/v1/UnderlyingToken.js';
import type { VolumeRequest as _switchyard_data_v1_VolumeRequest, VolumeRequest__Output as _switchyard_data_v1_VolumeRequest__Output } from './switchyard/data/v1/VolumeRequest.js';
import type { VolumeResponse as _switchyard_data_v1_VolumeResponse, VolumeResponse__Output as _switchyard_data_v1_VolumeResponse__Output } from './switchyard/data/v1/VolumeResponse.js';
import type { WalletBalance as _switchyard_data_v1_WalletBalance, WalletBalance__Output as _switchyard_data_v1_WalletBalance__Output } from './switchyard/data/v1/WalletBalance.js';
import type { WalletBalancesRequest as _switchyard_data_v1_WalletBalancesRequest, WalletBalancesRequest__Output as _switchyard_data_v1_WalletBalancesRequest__Output } from './switchyard/data/v1/WalletBalancesRequest.js';
import type { WalletBalancesResponse as _switchyard_data_v1_WalletBalancesResponse, WalletBalancesResponse__Output as _switchyard_data_v1_WalletBalancesResponse__Output } from './switchyard/data/v1/WalletBalancesResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  switchyard: {
    data: {
      v1: {
        AccountRequest: MessageTypeDefinition<_switchyard_data_v1_AccountRequest, _switchyard_data_v1_AccountRequest__Output>
        AccountResponse: MessageTypeDefinition<_switchyard_data_v1_AccountResponse, _switchyard_data_v1_AccountResponse__Output>
        Action: MessageTypeDefinition<_switchyard_data_v1_Action, _switchyard_data_v1_Action__Output>
        ActionInput: MessageTypeDefinition<_switchyard_data_v1_ActionInput, _switchyard_data_v1_ActionInput__Output>
        ActionsRequest: MessageTypeDefinition<_switchyard_data_v1_ActionsRequest, _switchyard_data_v1_ActionsRequest__Output>
        ActionsResponse: MessageTypeDefinition<_switchyard_data_v1_ActionsResponse, _switchyard_data_v1_ActionsResponse__Output>
        AggregatorsRequest: MessageTypeDefinition<_switchyard_data_v1_AggregatorsRequest, _switchyard_data_v1_AggregatorsRequest__Output>
        AggregatorsResponse: MessageTypeDefinition<_switchyard_data_v1_AggregatorsResponse, _switchyard_data_v1_AggregatorsResponse__Output>
        BridgePool: MessageTypeDefinition<_switchyard_data_v1_BridgePool, _switchyard_data_v1_BridgePool__Output>
        BridgePoolSide: MessageTypeDefinition<_switchyard_data_v1_BridgePoolSide, _switchyard_data_v1_BridgePoolSide__Output>
        BridgePoolsRequest: MessageTypeDefinition<_switchyard_data_v1_BridgePoolsRequest, _switchyard_data_v1_BridgePoolsRequest__Output>
        BridgePoolsResponse: MessageTypeDefinition<_switchyard_data_v1_BridgePoolsResponse, _switchyard_data_v1_BridgePoolsResponse__Output>
        BridgeStatusRequest: MessageTypeDefinition<_switchyard_data_v1_BridgeStatusRequest, _switchyard_data_v1_BridgeStatusRequest__Output>
        BridgeStatusResponse: MessageTypeDefinition<_switchyard_data_v1_BridgeStatusResponse, _switchyard_data_v1_BridgeStatusResponse__Output>
        ChainBlock: MessageTypeDefinition<_switchyard_data_v1_ChainBlock, _switchyard_data_v1_ChainBlock__Output>
        /**
         * Read-only data: networks, the caller's account, protocols and their standards, projects, tokens
         * (with TVL), and prices with a confidence score, all read from the chains' current state.
         */
        DataService: SubtypeConstructor<typeof grpc.Client, _switchyard_data_v1_DataServiceClient> & { service: _switchyard_data_v1_DataServiceDefinition }
        Network: MessageTypeDefinition<_switchyard_data_v1_Network, _switchyard_data_v1_Network__Output>
        NetworkIndex: MessageTypeDefinition<_switchyard_data_v1_NetworkIndex, _switchyard_data_v1_NetworkIndex__Output>
        NetworkIndexProtocol: MessageTypeDefinition<_switchyard_data_v1_NetworkIndexProtocol, _switchyard_data_v1_NetworkIndexProtocol__Output>
        NetworksRequest: MessageTypeDefinition<_switchyard_data_v1_NetworksRequest, _switchyard_data_v1_NetworksRequest__Output>
        NetworksResponse: MessageTypeDefinition<_switchyard_data_v1_NetworksResponse, _switchyard_data_v1_NetworksResponse__Output>
        NontokenizedMeta: MessageTypeDefinition<_switchyard_data_v1_NontokenizedMeta, _switchyard_data_v1_NontokenizedMeta__Output>
        NontokenizedPosition: MessageTypeDefinition<_switchyard_data_v1_NontokenizedPosition, _switchyard_data_v1_NontokenizedPosition__Output>
        NontokenizedRequest: MessageTypeDefinition<_switchyard_data_v1_NontokenizedRequest, _switchyard_data_v1_NontokenizedRequest__Output>
        NontokenizedResponse: MessageTypeDefinition<_switchyard_data_v1_NontokenizedResponse, _switchyard_data_v1_NontokenizedResponse__Output>
        Price: MessageTypeDefinition<_switchyard_data_v1_Price, _switchyard_data_v1_Price__Output>
        PriceOrUnknown: MessageTypeDefinition<_switchyard_data_v1_PriceOrUnknown, _switchyard_data_v1_PriceOrUnknown__Output>
        PricesRequest: MessageTypeDefinition<_switchyard_data_v1_PricesRequest, _switchyard_data_v1_PricesRequest__Output>
        PricesResponse: MessageTypeDefinition<_switchyard_data_v1_PricesResponse, _switchyard_data_v1_PricesResponse__Output>
        Project: MessageTypeDefinition<_switchyard_data_v1_Project, _switchyard_data_v1_Project__Output>
        ProjectProtocolsRequest: MessageTypeDefinition<_switchyard_data_v1_ProjectProtocolsRequest, _switchyard_data_v1_ProjectProtocolsRequest__Output>
        ProjectProtocolsResponse: MessageTypeDefinition<_switchyard_data_v1_ProjectProtocolsResponse, _switchyard_data_v1_ProjectProtocolsResponse__Output>
        ProjectsRequest: MessageTypeDefinition<_switchyard_data_v1_ProjectsRequest, _switchyard_data_v1_ProjectsRequest__Output>
        ProjectsResponse: MessageTypeDefinition<_switchyard_data_v1_ProjectsResponse, _switchyard_data_v1_ProjectsResponse__Output>
        Protocol: MessageTypeDefinition<_switchyard_data_v1_Protocol, _switchyard_data_v1_Protocol__Output>
        ProtocolNetwork: MessageTypeDefinition<_switchyard_data_v1_ProtocolNetwork, _switchyard_data_v1_ProtocolNetwork__Output>
        ProtocolRef: MessageTypeDefinition<_switchyard_data_v1_ProtocolRef, _switchyard_data_v1_ProtocolRef__Output>
        ProtocolVolume: MessageTypeDefinition<_switchyard_data_v1_ProtocolVolume, _switchyard_data_v1_ProtocolVolume__Output>
        ProtocolsRequest: MessageTypeDefinition<_switchyard_data_v1_ProtocolsRequest, _switchyard_data_v1_ProtocolsRequest__Output>
        ProtocolsResponse: MessageTypeDefinition<_switchyard_data_v1_ProtocolsResponse, _switchyard_data_v1_ProtocolsResponse__Output>
        Standard: MessageTypeDefinition<_switchyard_data_v1_Standard, _switchyard_data_v1_Standard__Output>
        StandardAction: MessageTypeDefinition<_switchyard_data_v1_StandardAction, _switchyard_data_v1_StandardAction__Output>
        StandardsRequest: MessageTypeDefinition<_switchyard_data_v1_StandardsRequest, _switchyard_data_v1_StandardsRequest__Output>
        StandardsResponse: MessageTypeDefinition<_switchyard_data_v1_StandardsResponse, _switchyard_data_v1_StandardsResponse__Output>
        Token: MessageTypeDefinition<_switchyard_data_v1_Token, _switchyard_data_v1_Token__Output>
        TokenApyWindow: MessageTypeDefinition<_switchyard_data_v1_TokenApyWindow, _switchyard_data_v1_TokenApyWindow__Output>
        TokensMeta: MessageTypeDefinition<_switchyard_data_v1_TokensMeta, _switchyard_data_v1_TokensMeta__Output>
        TokensRequest: MessageTypeDefinition<_switchyard_data_v1_TokensRequest, _switchyard_data_v1_TokensRequest__Output>
        TokensResponse: MessageTypeDefinition<_switchyard_data_v1_TokensResponse, _switchyard_data_v1_TokensResponse__Output>
        UnderlyingToken: MessageTypeDefinition<_switchyard_data_v1_UnderlyingToken, _switchyard_data_v1_UnderlyingToken__Output>
        VolumeRequest: MessageTypeDefinition<_switchyard_data_v1_VolumeRequest, _switchyard_data_v1_VolumeRequest__Output>
        VolumeResponse: MessageTypeDefinition<_switchyard_data_v1_VolumeResponse, _switchyard_data_v1_VolumeResponse__Output>
        WalletBalance: MessageTypeDefinition<_switchyard_data_v1_WalletBalance, _switchyard_data_v1_WalletBalance__Output>
        WalletBalancesRequest: MessageTypeDefinition<_switchyard_data_v1_WalletBalancesRequest, _switchyard_data_v1_WalletBalancesRequest__Output>
        WalletBalancesResponse: MessageTypeDefinition<_switchyard_data_v1_WalletBalancesResponse, _switchyard_data_v1_WalletBalancesResponse__Output>
      }
    }
  }
}

