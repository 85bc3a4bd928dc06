/**
 * THREATS.md §11.4: random sequences of honest routes, attacks (K1, K3, K5), price moves and dust donations on
 * one anvil; after every step I1 (router and executor hold nothing beyond donated dust, which the next route
 * sweeps), I2 (only the sender and pools lose tokens), I3 (receiver delta ≥ min) and I4 (value conservation).
 */
import fc from 'fast-check'
import { type Address, type Hex, erc20Abi, maxUint256, parseEther, zeroHash } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Planner, addSweep, encodeRouteSingle, encodeSafeRouteSingle, functionCall } from '../encoding/index.js'
import { mockSwapPoolAbi, reentrantTokenAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'
import { planSwap } from './testing/planSwap.js'

let env: ContractsTestEnv
let evil: Address
beforeAll(async () => {
  env = await setupContractsTestEnv()
  evil = await env.deploy('ReentrantToken')
  const { attacker, victim } = env.accounts
  await env.write({ address: evil, abi: reentrantTokenAbi, functionName: 'mint', args: [attacker, parseEther('1000')] })
  await env.write({ account: attacker, address: evil, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, maxUint256] })
  // The victim has a standing unlimited approval to the router, the setting every attack targets.
  for (const token of [env.tokens.tokenA, env.tokens.tokenB]) {
    await env.write({ account: victim, address: token, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, maxUint256] })
    await env.write({ account: env.accounts.other, address: token, abi: erc20Abi, functionName: 'approve', args: [env.pools.poolAB, maxUint256] })
  }
})
afterAll(async () => {
  await env?.stop()
})

type Direction = 'AB' | 'BA' | 'NA' | 'AN'
type Action =
  | { kind: 'route'; direction: Direction; amountIn: bigint; fractionBps: bigint; slippageBps: bigint; approveAttacker: boolean }
  | { kind: 'stealTransferFrom'; amount: bigint }
  | { kind: 'reenter' }
  | { kind: 'priceMove'; aToB: boolean; amount: bigint }
  | { kind: 'donate'; token: 'A' | 'B' | 'N'; amount: bigint }

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('route' as const), direction: fc.constantFrom<Direction>('AB', 'BA', 'NA', 'AN'), amountIn: fc.bigInt({ min: 10n ** 15n, max: parseEther('50') }), fractionBps: fc.bigInt({ min: 5_000n, max: 10_000n }), slippageBps: fc.bigInt({ min: 0n, max: 300n }), approveAttacker: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stealTransferFrom' as const), amount: fc.bigInt({ min: 0n, max: parseEther('10') }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reenter' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('priceMove' as const), aToB: fc.boolean(), amount: fc.bigInt({ min: 1n, max: parseEther('500') }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('donate' as const), token: fc.constantFrom<'A' | 'B' | 'N'>('A', 'B', 'N'), amount: fc.bigInt({ min: 1n, max: 10n ** 16n }) }) },
)

const ids = { accountId: zeroHash, requestId: zeroHash }

async function snapshotBalances(tokens: Address[], holders: Address[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>()
  for (const token of tokens) for (const holder of holders) out.set(`${token}:${holder}`, await env.balanceOf(token, holder))
  return out
}

test('random sequences keep I1–I4', async () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
  console.log(`routerInvariants fast-check seed=${seed} (rerun with FC_SEED=${seed})`)
  const { tokenA, tokenB } = env.tokens
  const { user, receiver, refund, attacker, victim, other } = env.accounts
  const { router, executor } = env.contracts
  const tokens = [tokenA, tokenB, NATIVE]
  const bystanders = [receiver, refund, attacker, victim, other]

  await fc.assert(
    fc.asyncProperty(fc.array(actionArb, { minLength: 3, maxLength: 7 }), async (actions) => {
      const snap: Hex = await env.snapshot()
      const dust = new Map<Address, bigint>(tokens.map((t) => [t, 0n]))
      try {
        for (const action of actions) {
          const before = await snapshotBalances(tokens, [...bystanders, user])
          if (action.kind === 'route') {
            const [tokenIn, tokenOut, pool] = {
              AB: [tokenA, tokenB, env.pools.poolAB],
              BA: [tokenB, tokenA, env.pools.poolAB],
              NA: [NATIVE, tokenA, env.pools.poolAN],
              AN: [tokenA, NATIVE, env.pools.poolAN],
            }[action.direction] as [Address, Address, Address]
            const amountSwap = (action.amountIn * action.fractionBps) / 10_000n
            const quoted = await env.client.readContract({ address: pool, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenIn, amountSwap] })
            const minAmountOut = (quoted * (10_000n - action.slippageBps)) / 10_000n
            const planner = planSwap({ helpers: env.contracts.helpers, self: executor, pool, tokenIn, tokenOut, amountSwap, receiver, refundReceiver: refund, sweepInput: false })
            if (action.approveAttacker) for (const t of [tokenA, tokenB]) planner.add(functionCall({ address: t, abi: erc20Abi, functionName: 'approve', args: [attacker, maxUint256] }))
            for (const t of tokens) if (t !== tokenOut) addSweep(planner, { helpers: env.contracts.helpers, token: t, receiver: refund })
            if (tokenIn !== NATIVE) await env.write({ account: user, address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [router, action.amountIn] })
            const poolBefore = { in: await env.balanceOf(tokenIn, pool), out: await env.balanceOf(tokenOut, pool) }
            const tx = encodeSafeRouteSingle({
              tokenIn: tokenIn === NATIVE ? { type: 'native', amount: action.amountIn } : { type: 'erc20', address: tokenIn, amount: action.amountIn },
              tokenOut: tokenOut === NATIVE ? { type: 'native', minAmountOut } : { type: 'erc20', address: tokenOut, minAmountOut },
              receiver,
              shortcut: { ...ids, ...planner.plan() },
            })
            await env.send({ account: user, to: router, ...tx })
            const received = (await env.balanceOf(tokenOut, receiver)) - before.get(`${tokenOut}:${receiver}`)!
            expect(received).toBeGreaterThanOrEqual(minAmountOut) // I3
            // I4: input = pool intake + refund (which also collects earlier dust); output = pool payout + dust.
            const poolIn = (await env.balanceOf(tokenIn, pool)) - poolBefore.in
            const poolOut = poolBefore.out - (await env.balanceOf(tokenOut, pool))
            const refundIn = (await env.balanceOf(tokenIn, refund)) - before.get(`${tokenIn}:${refund}`)!
            expect(poolIn + refundIn).toBe(action.amountIn + dust.get(tokenIn)!)
            expect(received).toBe(poolOut + dust.get(tokenOut)!)
            if (tokenIn !== NATIVE) expect(before.get(`${tokenIn}:${user}`)! - (await env.balanceOf(tokenIn, user))).toBe(action.amountIn)
            for (const t of tokens) dust.set(t, 0n)
            if (action.approveAttacker) {
              for (const t of [tokenA, tokenB]) await expect(env.write({ account: attacker, address: t, abi: erc20Abi, functionName: 'transferFrom', args: [executor, attacker, 1n] })).rejects.toThrow()
            }
          } else if (action.kind === 'stealTransferFrom') {
            const planner = new Planner()
            planner.add(functionCall({ address: tokenA, abi: erc20Abi, functionName: 'transferFrom', args: [victim, attacker, action.amount] }))
            const tx = encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...planner.plan() } })
            if (action.amount === 0n) {
              // A zero-amount transferFrom needs no allowance and moves nothing: the route succeeds harmlessly
              // and the attacker's own 1 wei stays in the executor as a donation until the next sweep.
              await env.send({ account: attacker, to: router, ...tx })
              dust.set(NATIVE, dust.get(NATIVE)! + 1n)
            } else {
              expect((await expectRevert(env.send({ account: attacker, to: router, ...tx }))).errorName).toBe('ExecutionFailed')
            }
          } else if (action.kind === 'reenter') {
            const steal = new Planner()
            steal.add(functionCall({ address: tokenB, abi: erc20Abi, functionName: 'transferFrom', args: [victim, attacker, 1n] }))
            const inner = encodeRouteSingle({ tokenIn: { type: 'erc20', address: evil, amount: 1n }, shortcut: { ...ids, ...steal.plan() } })
            await env.write({ address: evil, abi: reentrantTokenAbi, functionName: 'setHook', args: [router, inner.data] })
            const outer = encodeRouteSingle({ tokenIn: { type: 'erc20', address: evil, amount: 1n }, shortcut: { ...ids, commands: [], state: [] } })
            expect((await expectRevert(env.send({ account: attacker, to: router, ...outer }))).errorName).toBe('ReentrancyGuardReentrantCall')
          } else if (action.kind === 'priceMove') {
            await env.write({ account: other, address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'swap', args: [action.aToB ? tokenA : tokenB, action.amount, 0n, other] })
          } else {
            const token = { A: tokenA, B: tokenB, N: NATIVE }[action.token]
            if (token === NATIVE) await env.send({ account: other, to: executor, data: '0x', value: action.amount })
            else await env.write({ account: other, address: token, abi: erc20Abi, functionName: 'transfer', args: [executor, action.amount] })
            dust.set(token, dust.get(token)! + action.amount)
          }
          // I1: router holds nothing; executor holds exactly the donated dust not yet swept.
          for (const t of tokens) {
            expect(await env.balanceOf(t, router)).toBe(0n)
            expect(await env.balanceOf(t, executor)).toBe(dust.get(t))
          }
          // I2: no bystander lost tokens (the donor `other` and price mover are excluded: they sent those txs).
          for (const t of tokens) {
            for (const holder of [receiver, refund, attacker, victim]) {
              if (holder === attacker && t === NATIVE) continue // the attacker pays gas for its attempts
              expect(await env.balanceOf(t, holder), `${action.kind} ${t} ${holder}`).toBeGreaterThanOrEqual(before.get(`${t}:${holder}`)!)
            }
          }
          expect(await env.balanceOf(tokenA, attacker)).toBe(before.get(`${tokenA}:${attacker}`))
          expect(await env.balanceOf(tokenB, attacker)).toBe(before.get(`${tokenB}:${attacker}`))
        }
      } finally {
        await env.revert(snap)
      }
    }),
    { seed, numRuns: 20 },
  )
})
