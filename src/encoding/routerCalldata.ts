import { type Address, type Hex, encodeFunctionData, getAbiItem, getAddress, toFunctionSelector } from 'viem'
import { switchyardExecutorAbi, switchyardRouterAbi } from '../contracts/generated/abis.js'
import { abiWords } from './abiWords.js'
import { InvalidRouteTokensError } from '../errors/encoding.js'

/** Token type ids of the router's `Token` struct. */
export const tokenType = { native: 0, erc20: 1, erc721: 2, erc1155: 3 } as const

/** An input of a router call. Native amounts travel as `msg.value` (the builders return it as `value`). */
export type RouteTokenIn = { type: 'native'; amount: bigint } | { type: 'erc20'; address: Address; amount: bigint }

/** An output checked by `safeRoute*` on the receiver's balance change. */
export type RouteTokenOut = { type: 'native'; minAmountOut: bigint } | { type: 'erc20'; address: Address; minAmountOut: bigint }

/** The router's `Token` struct as viem encodes it. */
export type RouterToken = { tokenType: number; data: Hex }

/** The arguments of `executeShortcut`. */
export type ShortcutParameters = {
  /** Identifies the API account (bytes32). */
  accountId: Hex
  /** Referral code and unique id, see `createRequestId`. */
  requestId: Hex
  /** `plan().commands`. */
  commands: readonly Hex[]
  /** `plan().state`. */
  state: readonly Hex[]
}

/** A transaction body for the router: `to` is the router address, chosen by the caller. */
export type RouterCalldataReturnType = {
  /** Calldata of the router call. */
  data: Hex
  /** `msg.value`: the native input amount, else 0. */
  value: bigint
}

export type RouterCalldataErrorType = InvalidRouteTokensError

/**
 * Calldata of `executeShortcut(accountId, requestId, commands, state)`: the `data` argument of every router
 * entry point, and the call a wallet delegatecalls into the delegate contract.
 */
export function encodeExecuteShortcut(params: ShortcutParameters): Hex {
  const parts = ['0x']
  pushExecuteShortcut(params, parts)
  return parts.join('') as Hex
}

/**
 * Appends the hex of `executeShortcut(...)`'s calldata (no `0x`) to `parts`, word by word (abiWords):
 * selector, accountId, requestId, the offsets of the two arrays, then commands (length, words) and
 * state (length, each element's offset from the first offset, the elements). The caller joins once:
 * the calldata is a few kilobytes, built twice a route, and each intermediate string would copy it.
 * @returns the hex characters appended
 */
function pushExecuteShortcut(params: ShortcutParameters, parts: string[]): number {
  const { commands, state } = params
  const first = parts.length
  parts.push(EXECUTE_SHORTCUT, abiWords.bytes32(params.accountId), abiWords.bytes32(params.requestId), abiWords.uint(4 * 32), abiWords.uint(4 * 32 + 32 + commands.length * 32), abiWords.uint(commands.length))
  for (const command of commands) parts.push(abiWords.bytes32(command))
  parts.push(abiWords.uint(state.length))
  let offset = state.length * 32
  for (const element of state) {
    parts.push(abiWords.uint(offset))
    offset += abiWords.bytesSize(element)
  }
  for (const element of state) abiWords.pushBytes(element, parts)
  let length = 0
  for (let i = first; i < parts.length; i++) length += parts[i]!.length
  return length
}

/** The selectors of the two calls written by hand above and below. */
const EXECUTE_SHORTCUT = toFunctionSelector(getAbiItem({ abi: switchyardExecutorAbi, name: 'executeShortcut' })).slice(2)
const SAFE_ROUTE_SINGLE = toFunctionSelector(getAbiItem({ abi: switchyardRouterAbi, name: 'safeRouteSingle' })).slice(2)

/** The tail of a router `Token` tuple (uint8 tokenType, bytes data): its type, the offset of data (2 words), data. */
function tokenTail(token: RouterToken): string {
  return `${abiWords.uint(token.tokenType)}${abiWords.uint(64)}${abiWords.bytes(token.data)}`
}

/**
 * Encodes a router input as `Token{tokenType, data}`: ERC20 `abi.encode(token, amount)`, Native
 * `abi.encode(amount)` (the router requires `msg.value == amount`).
 * @throws {@link InvalidRouteTokensError} for a zero amount
 */
export function toRouterTokenIn(token: RouteTokenIn): RouterToken {
  if (token.amount <= 0n) throw new InvalidRouteTokensError({ reason: 'input amounts must be positive' })
  if (token.type === 'native') return { tokenType: tokenType.native, data: `0x${abiWords.uint(token.amount)}` }
  return { tokenType: tokenType.erc20, data: `0x${abiWords.address(token.address)}${abiWords.uint(token.amount)}` }
}

/** Encodes a checked output: ERC20 `abi.encode(token, minAmountOut)`, Native `abi.encode(minAmountOut)`. */
export function toRouterTokenOut(token: RouteTokenOut): RouterToken {
  if (token.minAmountOut < 0n) throw new InvalidRouteTokensError({ reason: 'minAmountOut is negative' })
  if (token.type === 'native') return { tokenType: tokenType.native, data: `0x${abiWords.uint(token.minAmountOut)}` }
  return { tokenType: tokenType.erc20, data: `0x${abiWords.address(token.address)}${abiWords.uint(token.minAmountOut)}` }
}

function nativeValue(tokensIn: readonly RouteTokenIn[]): bigint {
  const natives = tokensIn.filter((t) => t.type === 'native')
  if (natives.length > 1) throw new InvalidRouteTokensError({ reason: 'at most one native input is allowed' })
  return natives[0]?.amount ?? 0n
}

/** Parameters of {@link encodeRouteSingle}. */
export type EncodeRouteSingleParameters = { tokenIn: RouteTokenIn; shortcut: ShortcutParameters }

/**
 * Calldata of `routeSingle(tokenIn, data)` (0xb94c3609).
 * @example
 * const { data, value } = encodeRouteSingle({ tokenIn: { type: 'erc20', address: usdc, amount: 10n ** 6n }, shortcut })
 * @throws {@link RouterCalldataErrorType}
 */
export function encodeRouteSingle(params: EncodeRouteSingleParameters): RouterCalldataReturnType {
  return {
    data: encodeFunctionData({ abi: switchyardRouterAbi, functionName: 'routeSingle', args: [toRouterTokenIn(params.tokenIn), encodeExecuteShortcut(params.shortcut)] }),
    value: nativeValue([params.tokenIn]),
  }
}

/** Parameters of {@link encodeRouteMulti}. */
export type EncodeRouteMultiParameters = { tokensIn: readonly RouteTokenIn[]; shortcut: ShortcutParameters }

/**
 * Calldata of `routeMulti(tokensIn, data)` (0xf52e33f5).
 * @throws {@link RouterCalldataErrorType} for two native inputs or a zero amount
 */
export function encodeRouteMulti(params: EncodeRouteMultiParameters): RouterCalldataReturnType {
  const value = nativeValue(params.tokensIn)
  return {
    data: encodeFunctionData({ abi: switchyardRouterAbi, functionName: 'routeMulti', args: [params.tokensIn.map(toRouterTokenIn), encodeExecuteShortcut(params.shortcut)] }),
    value,
  }
}

/** Parameters of {@link encodeSafeRouteSingle}. */
export type EncodeSafeRouteSingleParameters = {
  tokenIn: RouteTokenIn
  tokenOut: RouteTokenOut
  /** Whose balance change is checked against `minAmountOut`. */
  receiver: Address
  shortcut: ShortcutParameters
}

/**
 * Calldata of `safeRouteSingle(tokenIn, tokenOut, receiver, data)` (0x21025a06).
 * @throws {@link RouterCalldataErrorType}
 */
export function encodeSafeRouteSingle(params: EncodeSafeRouteSingleParameters): RouterCalldataReturnType {
  // Head: the two tuples' offsets, the receiver, the data's offset; then the three tails in that order.
  const tokenIn = tokenTail(toRouterTokenIn(params.tokenIn))
  const tokenOut = tokenTail(toRouterTokenOut(params.tokenOut))
  const head = 4 * 32
  const parts = ['0x', SAFE_ROUTE_SINGLE, abiWords.uint(head), abiWords.uint(head + abiWords.size(tokenIn)), abiWords.address(params.receiver), abiWords.uint(head + abiWords.size(tokenIn) + abiWords.size(tokenOut)), tokenIn, tokenOut]
  // The `data` argument: its length, the executeShortcut calldata, zeros to a whole word.
  const lengthAt = parts.push('') - 1
  const hexLength = pushExecuteShortcut(params.shortcut, parts)
  parts[lengthAt] = abiWords.uint(hexLength / 2)
  parts.push(abiWords.padding(hexLength))
  return { data: parts.join('') as Hex, value: nativeValue([params.tokenIn]) }
}

/** Parameters of {@link encodeSafeRouteMulti}. */
export type EncodeSafeRouteMultiParameters = {
  tokensIn: readonly RouteTokenIn[]
  tokensOut: readonly RouteTokenOut[]
  receiver: Address
  shortcut: ShortcutParameters
}

/**
 * Calldata of `safeRouteMulti(tokensIn, tokensOut, receiver, data)` (0xf35cae90).
 * @throws {@link RouterCalldataErrorType}
 */
export function encodeSafeRouteMulti(params: EncodeSafeRouteMultiParameters): RouterCalldataReturnType {
  const value = nativeValue(params.tokensIn)
  return {
    data: encodeFunctionData({
      abi: switchyardRouterAbi,
      functionName: 'safeRouteMulti',
      args: [params.tokensIn.map(toRouterTokenIn), params.tokensOut.map(toRouterTokenOut), getAddress(params.receiver), encodeExecuteShortcut(params.shortcut)],
    }),
    value,
  }
}
