import type { ChainAddressBook } from './addressBook.js'

/**
 * Renders a chain's address book as aligned text lines for the console.
 * @returns printable lines
 */
export function formatAddressBook(book: ChainAddressBook): string[] {
  const rows: [string, string][] = []
  for (const t of Object.values(book.tokens)) rows.push([`token ${t.symbol} (${t.decimals})`, t.address])
  rows.push(['Multicall3', book.multicall3], ['Permit2', book.permit2])
  rows.push(['UniswapV2 Factory', book.uniswapV2.factory], ['UniswapV2 Router02', book.uniswapV2.router02])
  rows.push(['UniswapV3 Factory', book.uniswapV3.factory], ['UniswapV3 PositionManager', book.uniswapV3.positionManager])
  rows.push(['UniswapV3 SwapRouter02', book.uniswapV3.swapRouter02], ['UniswapV3 QuoterV2', book.uniswapV3.quoterV2])
  if (book.uniswapV4) rows.push(['UniswapV4 PoolManager', book.uniswapV4.poolManager])
  if (book.uniswapV4?.positionManager) rows.push(['UniswapV4 PositionManager', book.uniswapV4.positionManager])
  rows.push(['Balancer Vault', book.balancerV2.vault], ['Balancer WeightedPoolFactory', book.balancerV2.weightedPoolFactory])
  rows.push(['Balancer Queries', book.balancerV2.queries])
  for (const v of book.erc4626?.vaults ?? []) rows.push([`ERC-4626 vault ${v.symbol}`, v.address])
  if (book.aaveV3) {
    rows.push(['Aave V3 Pool', book.aaveV3.pool], ['Aave V3 PoolAddressesProvider', book.aaveV3.addressesProvider])
    rows.push(['Aave V3 ProtocolDataProvider', book.aaveV3.dataProvider], ['Aave V3 Oracle', book.aaveV3.oracle])
    rows.push(['Aave V3 PoolConfigurator', book.aaveV3.poolConfigurator])
    if (book.aaveV3.rewardsController) rows.push(['Aave V3 RewardsController', book.aaveV3.rewardsController])
    if (book.aaveV3.wrappedTokenGateway) rows.push(['Aave V3 WrappedTokenGatewayV3', book.aaveV3.wrappedTokenGateway])
  }
  if (book.morphoBlue) {
    rows.push(['Morpho Blue', book.morphoBlue.morpho], ['Morpho Blue IRM (DevLinearIrm)', book.morphoBlue.irm])
    for (const m of book.morphoBlue.markets) rows.push([`Morpho Blue market ${m.symbol ?? ''}`.trimEnd(), m.id])
  }
  for (const [name, value] of Object.entries(book.switchyard ?? {})) {
    if (typeof value === 'string') rows.push([`switchyard ${name}`, value])
    else for (const [k, v] of Object.entries(value)) rows.push([`switchyard ${name}.${k}`, v])
  }
  const pools = `${book.uniswapV2.pairs.length} Uniswap V2 pairs, ${book.uniswapV3.pools.length} Uniswap V3 pools, ${book.uniswapV4?.pools.length ?? 0} Uniswap V4 pools, ${book.balancerV2.pools.length} Balancer weighted pools`
  const width = Math.max(...rows.map(([k]) => k.length))
  return [...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`), `  ${pools}`]
}
