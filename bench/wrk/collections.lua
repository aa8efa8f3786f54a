-- POST /api/v1/collections with a new reference and Idempotency-Key each time; the bearer token
-- is the script's first argument.
local counter = 0
function setup(thread) thread:set("tid", counter); counter = counter + 1 end
-- Lua's generator starts from the same seed in every run: unseeded, a second run on the same
-- database would repeat the first run's keys and be answered from their stored replies.
math.randomseed(os.time())
local token, n, run = nil, 0, tostring(math.random(1e9))
function init(args) token = args[1] end
function request()
  n = n + 1
  local id = string.format("B%s-%d-%d", run, tid, n)
  return wrk.format("POST", nil, {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = id},
    string.format('{"amount": 25000, "currency": "TZS", "msisdn": "255754000000", "reference": "%s"}', id))
end
function done(summary, latency, requests) io.write(string.format("non-2xx or errors: %d\n", summary.errors.status)) end
