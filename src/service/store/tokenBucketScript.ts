/**
 * The token bucket of `createRateLimiter`, as one atomic Redis script (EVALSHA, EVAL on a miss).
 * The arithmetic is the same IEEE double arithmetic in the same order, so for one sequence of
 * (key, time) the answers are the same as the in-process limiter's.
 * KEYS[1]: the bucket (a hash: tokens, at). ARGV: limit, windowMs, now in ms ('' = the Redis server
 * clock, which every replica shares). The bucket expires after `windowMs` idle: by then it would be
 * full, which is what a missing bucket means. Returns {allowed 0|1, remaining, resetSeconds, retryAfterSeconds}.
 */
export const TOKEN_BUCKET_SCRIPT = `
local limit = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local now
if ARGV[3] == '' then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
else
  now = tonumber(ARGV[3])
end
local perMs = limit / windowMs
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = limit
else
  tokens = math.min(limit, tokens + math.max(0, now - at) * perMs)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], math.ceil(windowMs))
local function seconds(x) return math.ceil(x / perMs / 1000) end
local retry = 0
if allowed == 0 then retry = math.max(1, seconds(1 - tokens)) end
return { allowed, math.floor(tokens), seconds(limit - tokens), retry }
`
