-- GET /api/v1/payments (first page of 20); the bearer token is the script's first argument.
local token
function init(args) token = args[1] end
function request()
  return wrk.format("GET", "/api/v1/payments?limit=20", {["Authorization"] = "Bearer " .. token})
end
function done(summary, latency, requests) io.write(string.format("non-2xx or errors: %d\n", summary.errors.status)) end
