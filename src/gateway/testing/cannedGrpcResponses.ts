import type { BridgePoolsResponse } from '../../grpc/generated/switchyard/data/v1/BridgePoolsResponse.js'
import type { BridgeStatusResponse } from '../../grpc/generated/switchyard/data/v1/BridgeStatusResponse.js'
import type { Price } from '../../grpc/generated/switchyard/data/v1/Price.js'
import type { ProjectsResponse } from '../../grpc/generated/switchyard/data/v1/ProjectsResponse.js'
import type { ProtocolsResponse } from '../../grpc/generated/switchyard/data/v1/ProtocolsResponse.js'
import type { Standard } from '../../grpc/generated/switchyard/data/v1/Standard.js'
import type { Action } from '../../grpc/generated/switchyard/data/v1/Action.js'
import type { WalletBalancesResponse } from '../../grpc/generated/switchyard/data/v1/WalletBalancesResponse.js'
import type { TokensResponse } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import type { RouteResponse } from '../../grpc/generated/switchyard/routing/v1/RouteResponse.js'
import type { ApproveResponse } from '../../grpc/generated/switchyard/routing/v1/ApproveResponse.js'
import type { BundleResponse } from '../../grpc/generated/switchyard/routing/v1/BundleResponse.js'

/** Canned answers of the fake gRPC server (`startFakeGrpcServer`), as wire values a real server would send. */

export const FAKE_ACCOUNT_ID = '0x00000000000000000000000000000000000000000000000000000000000000a1'

/** The canned RouteResponse (wire values as a real server would send them). */
export const cannedRouteResponse: RouteResponse = {
  gas: '181234',
  amount_out: '500000000000000000',
  min_amount_out: '497500000000000000',
  fee_amount: ['0'],
  enso_fee_amount: ['0'],
  price_impact: 12.5,
  created_at: '19000000',
  amounts_out: ['500000000000000000'],
  min_amounts_out: ['497500000000000000'],
  block_number: '19000000',
  valid_until: '1700000060',
  tx: { data: '0xdeadbeef', to: '0x1111111111111111111111111111111111111111', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  route: [{
    token_in: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    token_out: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    protocol: 'uniswap-v2',
    action: 'swap',
    primary: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    internal_routes: [],
    args_json: '{"amountIn":"1000000000","tokenIn":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}',
    chain_id: 1,
  }],
  external_contracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
}

/** The canned ApproveResponse. */
export const cannedBundleResponse: BundleResponse = {
  bundle_json: '[{"protocol":"enso","action":"balance","args":{"token":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}}]',
  gas: '150000',
  created_at: '100',
  tx: { data: '0xf52e33f5', to: '0x0000000000000000000000000000000000000002', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  amounts_out: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '1000' },
  min_amounts_out: { '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': '995' },
  route: [],
  fee_amount: {},
  approvals: [],
  valid_until: '1700000060',
  external_contracts: ['0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'],
}

export const cannedApproveResponse: ApproveResponse = {
  tx: { data: '0x095ea7b3', to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0' },
  gas: '46000',
  token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount: '1000000000',
  spender: '0x1111111111111111111111111111111111111111',
  prerequisites: [],
  requires_zero_allowance_first: false,
}

/** The canned ProtocolsResponse. */
export const cannedProtocolsResponse: ProtocolsResponse = {
  protocols: [{
    project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
    logos_uri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: '1', name: 'mainnet' }, { id: '8453', name: 'base' }],
  }],
}

/** The canned standard, served for slug `uniswap-v2` (any other slug is NOT_FOUND). */
export const cannedStandard: Standard = {
  protocol: { slug: 'uniswap-v2', name: 'Uniswap V2', url: 'https://app.uniswap.org' },
  forks: [{ slug: 'sushiswap', name: 'SushiSwap', url: 'https://www.sushi.com' }],
  actions: [{
    action: 'swap', name: 'Swap', function_names: ['swapExactTokensForTokens'], supported_chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
    inputs: ['tokenIn', 'tokenOut', 'amountIn'],
  }],
  details: {
    project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logos_uri: [],
    chains: [{ id: '1', name: 'Ethereum' }, { id: '8453', name: 'Base' }],
  },
}

/** The canned WalletBalancesResponse: native ETH with every field, a token with no price nor metadata. */
export const cannedWalletBalancesResponse: WalletBalancesResponse = {
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  balances: [
    { token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount: '1500000000000000000', chain_id: '1', decimals: 18, price: '3012.25', name: 'Ether', symbol: 'ETH', logo_uri: 'https://icons.example/eth.png' },
    { token: '0x6B175474E89094C44Da98b954EedeAC495271d0F', amount: '42', chain_id: '1', decimals: 18 },
  ],
  blocks: [{ chain_id: '1', block_number: '19000000' }],
}

/** The canned actions, served for slug `erc20` and for the whole list (any other slug is NOT_FOUND). */
export const cannedActions: Action[] = [{
  action: 'transfer',
  inputs: [
    { name: 'token', type: 'address', description: 'Token address', optional: false },
    { name: 'receiver', type: 'address', description: 'Receiver of the output', optional: false },
    { name: 'amount', type: 'uint256', description: 'Amount in base units (wei)', optional: true },
  ],
}]

/** The canned ProjectsResponse. */
export const cannedProjectsResponse: ProjectsResponse = { projects: [{ id: 'uniswap', chains: ['1', '8453'], protocols: ['uniswap-v2'] }] }

const USDC_WIRE = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', chain_id: '1', type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }
const WETH_WIRE = { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', chain_id: '1', type: 'base', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether' }

/** The canned TokensResponse: a defi token with every optional field (apy 0), and a base token with none. */
export const cannedTokensResponse: TokensResponse = {
  data: [
    {
      address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', chain_id: '1', type: 'defi', decimals: 18, symbol: 'UNI-V2', name: 'Uniswap V2',
      logos_uri: [], underlying_tokens: [USDC_WIRE, WETH_WIRE],
      project: 'uniswap', protocol: 'uniswap-v2', apy: 0, tvl: 1234567.5, primary_address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    },
    { ...USDC_WIRE, logos_uri: ['https://icons.example/usdc.png'], underlying_tokens: [] },
  ],
  meta: { total: '3', next_cursor: 'c2', page_size: 2 },
}

/** Canned prices by lowercase address (on any chain); other addresses have no price. */
export const cannedPrices: Record<string, Price> = {
  [WETH_WIRE.address.toLowerCase()]: {
    chain_id: '1', address: WETH_WIRE.address, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether',
    price: 3012.25, timestamp: '1700000000', confidence: 0.93, block_number: '19000000',
  },
  [USDC_WIRE.address.toLowerCase()]: {
    chain_id: '1', address: USDC_WIRE.address, decimals: 6, symbol: 'USDC', name: 'USD Coin',
    price: 1, timestamp: '1700000000', confidence: 1, block_number: '19000000',
  },
}

/** The canned BridgePoolsResponse: USDC on chain 1 paired with USDC on 8453 (served for any request). */
export const cannedBridgePoolsResponse: BridgePoolsResponse = {
  pools: [{
    pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', chain_id: '1', destination_chain_id: '8453', token: USDC_WIRE.address, decimals: 6,
    destination_data: { pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
  }],
}

/** The canned BridgeStatusResponse: delivered, with both events (echoes the request's chain and hash). */
export const cannedBridgeStatusResponse: BridgeStatusResponse = {
  source_chain_id: '1',
  source_tx_hash: `0x${'aa'.repeat(32)}`,
  destination_chain_id: '8453',
  destination_tx_hash: `0x${'bb'.repeat(32)}`,
  status: 'delivered',
  source_event_json: JSON.stringify({ chainId: 1, transactionHash: `0x${'aa'.repeat(32)}`, blockNumber: 10, success: true, accountId: `0x${'01'.repeat(32)}`, requestId: `0x${'02'.repeat(32)}` }),
  destination_event_json: JSON.stringify({ event: 'CallbackExecuted', chainId: 8453, transactionHash: `0x${'bb'.repeat(32)}`, blockNumber: 20, success: true, amount: '1000' }),
}
