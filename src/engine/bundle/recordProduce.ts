import { type Address, getAddress } from 'viem'
import type { BundleActionContext, BundleValue } from '../../protocols/bundle/types.js'
import { addAmounts } from './addAmounts.js'
import type { BundlePass, BundleScope } from './bundlePass.js'
import { recordDelivery } from './recordDelivery.js'

/**
 * Records that `amount` of `token` arrived at `to` (the executing contract when omitted): held by the
 * executing contract, or delivered to another address. An NFT is only reported as delivered.
 * @throws InvalidBundleError (NFT_TO_EXECUTOR, AMOUNT_TOO_LARGE)
 */
export function recordProduce(
  pass: BundlePass,
  { ctx, scope, token, amount, to, options }: {
    ctx: BundleActionContext
    scope: BundleScope
    token: Address
    amount: BundleValue
    to: Address | undefined
    options: { nonFungible?: boolean | undefined } | undefined
  },
): void {
  const { params } = pass
  const key = token.toLowerCase()
  const at = `${scope.path}[${scope.current}]`
  const toSelf = to === undefined || to.toLowerCase() === params.self.toLowerCase()
  if (options?.nonFungible === true) {
    // An NFT has no ERC-20 transfer to sweep it with: a wallet keeps it (and it is reported there),
    // our executor must never hold one.
    if (toSelf && params.strategy === 'router') ctx.fail('NFT_TO_EXECUTOR', 'receiver', 'an NFT sent to our executor would stay there: give a receiver that keeps it')
    recordDelivery(pass, { token, receiver: to ?? params.self, estimate: amount.estimate, field: at })
    return
  }
  if (toSelf) {
    pass.touched.add(key)
    pass.produced.add(key)
    if (amount.estimate === undefined) pass.unknownSupply.add(key)
    pass.holdings.set(key, addAmounts(pass.holdings.get(key) ?? 0n, amount.estimate ?? 0n, { field: at, what: `the amounts of ${getAddress(token)} the executing contract holds` }))
  } else recordDelivery(pass, { token, receiver: to, estimate: amount.estimate, field: at })
}
