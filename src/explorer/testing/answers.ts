import type { Answer } from '../types.js'

/** Answers the devnet gave (`tx.data` cut), for the page's unit tests: as sent, with fields the page does not read. */
export const splitRoute = {
 "gas": "1087111",
 "amountOut": "2986242935797",
 "minAmountOut": "2971311721118",
 "blockNumber": 342,
 "feeAmount": [
  "0"
 ],
 "ensoFeeAmount": [
  "0"
 ],
 "priceImpact": 48.84,
 "createdAt": 342,
 "tx": {
  "data": "0x",
  "to": "0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa",
  "from": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  "value": "1000000000000000000000"
 },
 "route": [
  {
   "tokenIn": [
    "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
   ],
   "tokenOut": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "protocol": "wrapped-native",
   "action": "deposit",
   "primary": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
   "internalRoutes": [],
   "args": {
    "amountIn": "1000000000000000000000"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
   "internalRoutes": [],
   "args": {
    "amountIn": "600000000000000000000",
    "amountOut": "1791724012695",
    "fee": "500"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xdAC17F958D2ee523a2206206994597C13D831ec7"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0x11b815efB8f581194ae79006d24E0d814B7697F6",
   "internalRoutes": [],
   "args": {
    "amountIn": "170000000000000000000",
    "amountOut": "507597554259",
    "fee": "500"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xdAC17F958D2ee523a2206206994597C13D831ec7"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0x3416cF6C708Da44DB2624D63ea0AAef7113527C6",
   "internalRoutes": [],
   "args": {
    "amountIn": "507597554259",
    "amountOut": "507432158985",
    "fee": "100"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v4",
   "action": "swap",
   "primary": "0x21C67e77068de97969BA93D4aaB21826d33Ca12B",
   "internalRoutes": [],
   "args": {
    "amountIn": "120000000000000000000",
    "amountOut": "358419796491",
    "currency0": "0x0000000000000000000000000000000000000000",
    "currency1": "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    "fee": "500",
    "tickSpacing": "10",
    "hooks": "0x0000000000000000000000000000000000000000",
    "zeroForOne": "true"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0xE0554a476A092703abdB3Ef35c80e0D76d32939F",
   "internalRoutes": [],
   "args": {
    "amountIn": "110000000000000000000",
    "amountOut": "328666967626",
    "fee": "100"
   },
   "chainId": 1
  }
 ],
 "externalContracts": [],
 "validUntil": 1767229392
} as unknown as Answer

export const crossChainRoute = {
 "gas": "548122",
 "amountOut": "3001068612",
 "minAmountOut": "2986063268",
 "blockNumber": 342,
 "feeAmount": [
  "0"
 ],
 "ensoFeeAmount": [
  "0"
 ],
 "priceImpact": 1.44,
 "createdAt": 342,
 "tx": {
  "data": "0x",
  "to": "0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa",
  "from": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  "value": "1000000000000000000"
 },
 "route": [
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0xE0554a476A092703abdB3Ef35c80e0D76d32939F",
   "internalRoutes": [],
   "args": {},
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "tokenOut": [
    "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
   ],
   "protocol": "across",
   "action": "bridge",
   "primary": "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5",
   "internalRoutes": [],
   "args": {},
   "chainId": 1,
   "sourceChainId": 1,
   "destinationChainId": 8453
  }
 ],
 "externalContracts": [],
 "validUntil": 1767229392,
 "bridgingEstimates": [
  {
   "fromChainId": 1,
   "toChainId": 8453,
   "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
   "estimatedSeconds": 2,
   "bridge": "across",
   "source": "switchyard relayer (devnet)"
  }
 ]
} as unknown as Answer

export const bridgeBundle = {
 "bundle": [
  {
   "protocol": "stargate",
   "action": "bridge",
   "args": {
    "tokenIn": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "amountIn": "1000000000",
    "destinationChainId": 8453,
    "receiver": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    "callback": [
     {
      "protocol": "enso",
      "action": "balance",
      "args": {
       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
      }
     },
     {
      "protocol": "enso",
      "action": "route",
      "args": {
       "tokenIn": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
       "tokenOut": "0x4200000000000000000000000000000000000006",
       "amountIn": {
        "useOutputOfCallAt": 0
       },
       "slippage": "100"
      }
     }
    ]
   }
  }
 ],
 "gas": "594532",
 "createdAt": 342,
 "tx": {
  "data": "0x",
  "to": "0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa",
  "from": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  "value": "110"
 },
 "amountsOut": {
  "0x4200000000000000000000000000000000000006": "332864881794903691"
 },
 "minAmountsOut": {
  "0x4200000000000000000000000000000000000006": "331200557385929172"
 },
 "route": [
  {
   "tokenIn": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "tokenOut": [
    "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
   ],
   "protocol": "stargate",
   "action": "bridge",
   "primary": "0xc026395860Db2d07ee33e05fE50ed7bD583189C7",
   "internalRoutes": [],
   "args": {},
   "chainId": 1,
   "sourceChainId": 1,
   "destinationChainId": 8453,
   "amountIn": "1000000000",
   "amountOut": "999300000"
  },
  {
   "tokenIn": [
    "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
   ],
   "tokenOut": [
    "0x4200000000000000000000000000000000000006"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0xd0b53D9277642d899DF5C87A3966A349A798F224",
   "internalRoutes": [],
   "args": {},
   "chainId": 8453,
   "amountIn": "999399999",
   "amountOut": "332864881794903691"
  }
 ],
 "priceImpact": 20.04,
 "feeAmount": {},
 "approvals": [
  {
   "data": "0x095ea7b300000000000000000000000068c3cdb0a6ab688eb1af0c7a632c130a18f8ffaa000000000000000000000000000000000000000000000000000000003b9aca00",
   "to": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
   "from": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
   "value": "0",
   "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
   "amount": "1000000000",
   "spender": "0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa"
  }
 ],
 "validUntil": 1767229392,
 "externalContracts": [],
 "bridgingEstimates": [
  {
   "fromChainId": 1,
   "toChainId": 8453,
   "token": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
   "estimatedSeconds": 2,
   "bridge": "stargate",
   "source": "switchyard relayer (devnet)"
  }
 ]
} as unknown as Answer

export const singleRoute = {
 "gas": "367915",
 "amountOut": "3002269520",
 "minAmountOut": "2987258172",
 "blockNumber": 342,
 "feeAmount": [
  "0"
 ],
 "ensoFeeAmount": [
  "0"
 ],
 "priceImpact": -4.56,
 "createdAt": 342,
 "tx": {
  "data": "0x",
  "to": "0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa",
  "from": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  "value": "1000000000000000000"
 },
 "route": [
  {
   "tokenIn": [
    "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
   ],
   "tokenOut": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "protocol": "wrapped-native",
   "action": "deposit",
   "primary": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
   "internalRoutes": [],
   "args": {
    "amountIn": "1000000000000000000"
   },
   "chainId": 1
  },
  {
   "tokenIn": [
    "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
   ],
   "tokenOut": [
    "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
   ],
   "protocol": "uniswap-v3",
   "action": "swap",
   "primary": "0xE0554a476A092703abdB3Ef35c80e0D76d32939F",
   "internalRoutes": [],
   "args": {
    "amountIn": "1000000000000000000",
    "amountOut": "3002269520",
    "fee": "100"
   },
   "chainId": 1
  }
 ],
 "externalContracts": [],
 "validUntil": 1767229392
} as unknown as Answer

