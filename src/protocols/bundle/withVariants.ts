import type { BundleActionDefinition } from './types.js'

/** The SDK's variant names of deposit, redeem and withdraw, and the arity each implies. */
const arity: Record<string, { field: 'tokenIn' | 'tokenOut'; many: boolean; tokenized?: boolean }> = {
  singledeposit: { field: 'tokenIn', many: false },
  multideposit: { field: 'tokenIn', many: true },
  tokenizedsingledeposit: { field: 'tokenIn', many: false, tokenized: true },
  tokenizedmultideposit: { field: 'tokenIn', many: true, tokenized: true },
  singleredeem: { field: 'tokenOut', many: false },
  multiredeem: { field: 'tokenOut', many: true },
  tokenizedsingleredeem: { field: 'tokenOut', many: false, tokenized: true },
  tokenizedmultiredeem: { field: 'tokenOut', many: true, tokenized: true },
  singlewithdraw: { field: 'tokenOut', many: false },
}

/**
 * The SDK's single/multi/tokenized variants of one action (`singledeposit`, `multiredeem`, …): the same
 * action under another name, which also checks the arity the name promises (one token or several) and,
 * for `tokenized*`, that the position token is named.
 * @param definition - the base action (`deposit`, `redeem` or `withdraw`)
 * @param variants - the variant names this protocol offers
 * @returns one definition per variant
 */
export function withVariants(definition: BundleActionDefinition, variants: readonly (keyof typeof arity)[]): BundleActionDefinition[] {
  return variants.map((name) => {
    const rule = arity[name]!
    return {
      ...definition,
      action: name,
      description: `${definition.description} (${rule.many ? 'several tokens' : 'one token'} ${rule.field === 'tokenIn' ? 'in' : 'out'})`,
      build(ctx, args) {
        const value = (args as Record<string, unknown>)[rule.field]
        const count = Array.isArray(value) ? value.length : value === undefined ? 0 : 1
        if (rule.many ? count < 2 : count > 1) ctx.fail('INVALID_ACTION', rule.field, `${name} takes ${rule.many ? 'two or more tokens' : 'one token'}; use ${rule.many ? name.replace('multi', 'single') : name.replace('single', 'multi')} otherwise`)
        if (rule.tokenized && rule.field === 'tokenIn' && (args as Record<string, unknown>).tokenOut === undefined) ctx.fail('MISSING_FIELD', 'tokenOut', `${name} needs the position token`)
        return definition.build(ctx, args)
      },
    }
  })
}
