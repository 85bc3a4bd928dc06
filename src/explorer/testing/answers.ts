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

/** A split route explained by the service on the devnet (explain=true): steps with simulated amounts, the plan, the candidates. */
export const explainedSplitRoute = {
 "gas": "1059289",
 "amountOut": "2986242935797",
 "minAmountOut": "2971311721118",
 "feeAmount": [
  "0"
 ],
 "ensoFeeAmount": [
  "0"
 ],
 "priceImpact": 48.84,
 "createdAt": 342,
 "blockNumber": 342,
 "validUntil": 1767229392,
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
    "fee": 500
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
    "fee": 500
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
    "fee": 100
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
    "fee": 500,
    "tickSpacing": 10,
    "hooks": "0x0000000000000000000000000000000000000000",
    "zeroForOne": true
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
    "fee": 100
   },
   "chainId": 1
  }
 ],
 "externalContracts": [],
 "explanation": {
  "quoteId": "q_e1dfca969245576f160b9850f7905067",
  "chainId": 1,
  "blockNumber": "342",
  "blockHash": "0xaf05e4a81b4373dc80febfe75bd921d18ac9a1b70d153206407709618d8e0e32",
  "steps": [
   {
    "index": 0,
    "protocol": "wrapped-native",
    "action": "deposit",
    "pool": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "tokenIn": "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    "tokenOut": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "amountIn": "1000000000000000000000",
    "amountOut": "1000000000000000000000",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "1000000000000000000000",
    "estimatedAmountOut": "1000000000000000000000"
   },
   {
    "index": 1,
    "protocol": "uniswap-v3",
    "action": "swap",
    "pool": "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
    "tokenIn": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "tokenOut": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "amountIn": "600000000000000000000",
    "amountOut": "1791724012695",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "600000000000000000000",
    "estimatedAmountOut": "1791724012695",
    "leg": 0
   },
   {
    "index": 2,
    "protocol": "uniswap-v3",
    "action": "swap",
    "pool": "0x11b815efB8f581194ae79006d24E0d814B7697F6",
    "tokenIn": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "tokenOut": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    "amountIn": "170000000000000000000",
    "amountOut": "507597554259",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "170000000000000000000",
    "estimatedAmountOut": "507597554259",
    "leg": 1
   },
   {
    "index": 3,
    "protocol": "uniswap-v3",
    "action": "swap",
    "pool": "0x3416cF6C708Da44DB2624D63ea0AAef7113527C6",
    "tokenIn": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    "tokenOut": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "amountIn": "507597554259",
    "amountOut": "507432158985",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "507597554259",
    "estimatedAmountOut": "507432158985",
    "leg": 1
   },
   {
    "index": 4,
    "protocol": "uniswap-v4",
    "action": "swap",
    "pool": "0x21C67e77068de97969BA93D4aaB21826d33Ca12B",
    "tokenIn": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "tokenOut": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "amountIn": "120000000000000000000",
    "amountOut": "358419796491",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "120000000000000000000",
    "estimatedAmountOut": "358419796491",
    "leg": 2
   },
   {
    "index": 5,
    "protocol": "uniswap-v3",
    "action": "swap",
    "pool": "0xE0554a476A092703abdB3Ef35c80e0D76d32939F",
    "tokenIn": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "tokenOut": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "amountIn": "110000000000000000000",
    "amountOut": "328666967626",
    "amountsFrom": "simulation",
    "estimatedAmountIn": "110000000000000000000",
    "estimatedAmountOut": "328666967626",
    "leg": 3
   }
  ],
  "plan": [
   {
    "index": 0,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "deposit()",
    "selector": "0xd0e30db0",
    "args": [
     {
      "type": "uint256",
      "name": "value",
      "slot": 0,
      "value": "1000000000000000000000"
     }
    ],
    "reads": [
     0
    ],
    "writes": null,
    "callType": "valuecall",
    "flags": 3
   },
   {
    "index": 1,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     1,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 2,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 3,
      "value": "600000000000000000000"
     }
    ],
    "reads": [
     1,
     3
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 3,
    "target": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45",
    "function": "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))",
    "selector": "0x04e45aaf",
    "args": [
     {
      "type": "(address,address,uint24,address,uint256,uint256,uint160)",
      "name": "params",
      "value": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
       "500",
       "0xd798008f83FDC0A6cC618980A653c7b4BcD9988e",
       "600000000000000000000",
       "0",
       "0"
      ]
     }
    ],
    "reads": [
     4,
     5,
     6,
     7,
     3,
     2,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 65
   },
   {
    "index": 4,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     1,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 5,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 8,
      "value": "170000000000000000000"
     }
    ],
    "reads": [
     1,
     8
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 6,
    "target": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45",
    "function": "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))",
    "selector": "0x04e45aaf",
    "args": [
     {
      "type": "(address,address,uint24,address,uint256,uint256,uint160)",
      "name": "params",
      "value": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xdAC17F958D2ee523a2206206994597C13D831ec7",
       "500",
       "0xd798008f83FDC0A6cC618980A653c7b4BcD9988e",
       "170000000000000000000",
       "0",
       "0"
      ]
     }
    ],
    "reads": [
     4,
     9,
     6,
     7,
     8,
     2,
     2
    ],
    "writes": 10,
    "callType": "call",
    "flags": 65
   },
   {
    "index": 7,
    "target": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     1,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 8,
    "target": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 10,
      "value": null,
      "fromCommand": 6
     }
    ],
    "reads": [
     1,
     10
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 9,
    "target": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45",
    "function": "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))",
    "selector": "0x04e45aaf",
    "args": [
     {
      "type": "(address,address,uint24,address,uint256,uint256,uint160)",
      "name": "params",
      "value": [
       "0xdAC17F958D2ee523a2206206994597C13D831ec7",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
       "100",
       "0xd798008f83FDC0A6cC618980A653c7b4BcD9988e",
       "output of command 6",
       "0",
       "0"
      ]
     }
    ],
    "reads": [
     9,
     5,
     11,
     7,
     10,
     2,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 65
   },
   {
    "index": 10,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 12,
      "value": "0xddb1225B4fbFb7fF1A4fA69f16295594E13e03a8"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     12,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 11,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 12,
      "value": "0xddb1225B4fbFb7fF1A4fA69f16295594E13e03a8"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 13,
      "value": "120000000000000000000"
     }
    ],
    "reads": [
     12,
     13
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 12,
    "target": "0xddb1225B4fbFb7fF1A4fA69f16295594E13e03a8",
    "function": "swapExactIn((address,address,uint24,int24,address),bool,uint256,uint256)",
    "selector": "0xdb739216",
    "args": [
     {
      "type": "(address,address,uint24,int24,address)",
      "name": "key",
      "value": [
       "0x0000000000000000000000000000000000000000",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
       "500",
       "10",
       "0x0000000000000000000000000000000000000000"
      ]
     },
     {
      "type": "bool",
      "name": "zeroForOne",
      "slot": 15,
      "value": "true"
     },
     {
      "type": "uint256",
      "name": "amountIn",
      "slot": 13,
      "value": "120000000000000000000"
     },
     {
      "type": "uint256",
      "name": "amountOutMin",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     2,
     5,
     6,
     14,
     2,
     15,
     13,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 65
   },
   {
    "index": 13,
    "target": "0x8F5bA719EdCBe6daDAf9dfEe1f30F7D5CF599656",
    "function": "balanceOfCaller(address)",
    "selector": "0x1851044a",
    "args": [
     {
      "type": "address",
      "name": "token",
      "slot": 4,
      "value": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
     }
    ],
    "reads": [
     4
    ],
    "writes": 10,
    "callType": "staticcall",
    "flags": 2
   },
   {
    "index": 14,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 2,
      "value": "0"
     }
    ],
    "reads": [
     1,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 15,
    "target": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    "function": "approve(address,uint256)",
    "selector": "0x095ea7b3",
    "args": [
     {
      "type": "address",
      "name": "spender",
      "slot": 1,
      "value": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 10,
      "value": null,
      "fromCommand": 13
     }
    ],
    "reads": [
     1,
     10
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   },
   {
    "index": 16,
    "target": "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45",
    "function": "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))",
    "selector": "0x04e45aaf",
    "args": [
     {
      "type": "(address,address,uint24,address,uint256,uint256,uint160)",
      "name": "params",
      "value": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
       "100",
       "0xd798008f83FDC0A6cC618980A653c7b4BcD9988e",
       "output of command 13",
       "0",
       "0"
      ]
     }
    ],
    "reads": [
     4,
     5,
     11,
     7,
     10,
     2,
     2
    ],
    "writes": null,
    "callType": "call",
    "flags": 65
   },
   {
    "index": 17,
    "target": "0x8F5bA719EdCBe6daDAf9dfEe1f30F7D5CF599656",
    "function": "balanceOfCaller(address)",
    "selector": "0x1851044a",
    "args": [
     {
      "type": "address",
      "name": "token",
      "slot": 5,
      "value": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
     }
    ],
    "reads": [
     5
    ],
    "writes": 10,
    "callType": "staticcall",
    "flags": 2
   },
   {
    "index": 18,
    "target": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "function": "transfer(address,uint256)",
    "selector": "0xa9059cbb",
    "args": [
     {
      "type": "address",
      "name": "recipient",
      "slot": 16,
      "value": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
     },
     {
      "type": "uint256",
      "name": "amount",
      "slot": 10,
      "value": null,
      "fromCommand": 17
     }
    ],
    "reads": [
     16,
     10
    ],
    "writes": null,
    "callType": "call",
    "flags": 1
   }
  ],
  "candidates": [
   {
    "rank": 1,
    "description": "split 4 ways: WETH \u2192 USDC via uniswap-v3 0x88e6\u20265640 + WETH \u2192 USDT \u2192 USDC via uniswap-v3 0x11b8\u202697F6, uniswap-v3 0x3416\u202627C6 + WETH \u2192 USDC via uniswap-v4 0x21C6\u2026a12B + WETH \u2192 USDC via uniswap-v3 0xE055\u2026939F",
    "kind": "waterFill",
    "paths": [
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640"
      ],
      "protocols": [
       "uniswap-v3"
      ],
      "amountIn": "600000000000000000000",
      "estimatedAmountOut": "1791724012695"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xdAC17F958D2ee523a2206206994597C13D831ec7",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x11b815efB8f581194ae79006d24E0d814B7697F6",
       "0x3416cF6C708Da44DB2624D63ea0AAef7113527C6"
      ],
      "protocols": [
       "uniswap-v3",
       "uniswap-v3"
      ],
      "amountIn": "170000000000000000000",
      "estimatedAmountOut": "507432158985"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x21C67e77068de97969BA93D4aaB21826d33Ca12B"
      ],
      "protocols": [
       "uniswap-v4"
      ],
      "amountIn": "120000000000000000000",
      "estimatedAmountOut": "358419796491"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0xE0554a476A092703abdB3Ef35c80e0D76d32939F"
      ],
      "protocols": [
       "uniswap-v3"
      ],
      "amountIn": "110000000000000000000",
      "estimatedAmountOut": "328666967626"
     }
    ],
    "estimatedAmountOut": "2986242935797",
    "simulatedAmountOut": "2986242935797",
    "gas": "570000",
    "score": "2986241225797",
    "chosen": true
   },
   {
    "rank": 2,
    "description": "split 4 ways: WETH \u2192 USDC via uniswap-v3 0x88e6\u20265640 + WETH \u2192 USDT \u2192 USDC via uniswap-v3 0x11b8\u202697F6, uniswap-v3 0x3416\u202627C6 + WETH \u2192 USDC via uniswap-v4 0x21C6\u2026a12B + WETH \u2192 USDC via uniswap-v3 0xE055\u2026939F",
    "kind": "greedy",
    "paths": [
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640"
      ],
      "protocols": [
       "uniswap-v3"
      ],
      "amountIn": "591666666666666666667",
      "estimatedAmountOut": "1766949346650"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xdAC17F958D2ee523a2206206994597C13D831ec7",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x11b815efB8f581194ae79006d24E0d814B7697F6",
       "0x3416cF6C708Da44DB2624D63ea0AAef7113527C6"
      ],
      "protocols": [
       "uniswap-v3",
       "uniswap-v3"
      ],
      "amountIn": "175000000000000000000",
      "estimatedAmountOut": "522296111438"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x21C67e77068de97969BA93D4aaB21826d33Ca12B"
      ],
      "protocols": [
       "uniswap-v4"
      ],
      "amountIn": "125000000000000000000",
      "estimatedAmountOut": "373284133980"
     },
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0xE0554a476A092703abdB3Ef35c80e0D76d32939F"
      ],
      "protocols": [
       "uniswap-v3"
      ],
      "amountIn": "108333333333333333333",
      "estimatedAmountOut": "323710885934"
     }
    ],
    "estimatedAmountOut": "2986240478002",
    "gas": "570000",
    "score": "2986238768002",
    "chosen": false
   },
   {
    "rank": 3,
    "description": "WETH \u2192 USDC via uniswap-v3 0x88e6\u20265640",
    "kind": "single",
    "paths": [
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640"
      ],
      "protocols": [
       "uniswap-v3"
      ],
      "amountIn": "1000000000000000000000",
      "estimatedAmountOut": "2977278463462"
     }
    ],
    "estimatedAmountOut": "2977278463462",
    "gas": "110000",
    "score": "2977278133462",
    "chosen": false
   },
   {
    "rank": 4,
    "description": "WETH \u2192 USDT \u2192 USDC via uniswap-v3 0x11b8\u202697F6, uniswap-v3 0x3416\u202627C6",
    "kind": "alternative",
    "paths": [
     {
      "tokens": [
       "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
       "0xdAC17F958D2ee523a2206206994597C13D831ec7",
       "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
      ],
      "pools": [
       "0x11b815efB8f581194ae79006d24E0d814B7697F6",
       "0x3416cF6C708Da44DB2624D63ea0AAef7113527C6"
      ],
      "protocols": [
       "uniswap-v3",
       "uniswap-v3"
      ],
      "amountIn": "1000000000000000000000",
      "estimatedAmountOut": "2928561806656"
     }
    ],
    "estimatedAmountOut": "2928561806656",
    "gas": "220000",
    "score": "2928561146656",
    "chosen": false
   }
  ],
  "winner": {
   "reason": "a water-filling split over 4 paths delivers the most net of gas: 0 bps more than the runner-up (greedy), for the same gas",
   "marginBps": 0,
   "gasDifference": "0"
  },
  "notes": [
   "gas per step is not measured: no call trace was taken"
  ]
 }
} as unknown as Answer
