-- wrk script: POST /1/indexes/catalog/query with a rotating set of Algolia search bodies (text, filters,
-- facets), the admin key from the environment; counts non-200 answers as errors.
local bodies = {
  '{"query":"wireless","facets":["brand","color"],"hitsPerPage":20}',
  '{"query":"head","filters":"price > 20 AND free_shipping:true","hitsPerPage":20}',
  '{"query":"","facets":["brand","categories.lvl0","color","size"],"hitsPerPage":20}',
  '{"query":"wireless head","facets":["brand"],"hitsPerPage":10}',
  '{"params":"query=sport&hitsPerPage=20&facets=%5B%22brand%22%5D"}',
  '{"query":"","filters":"rating >= 4","hitsPerPage":20,"page":2}',
}
local counter = 0
local failures = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Algolia-API-Key"] = os.getenv("INSTANTSEARCH_ADMIN_KEY")
wrk.headers["X-Algolia-Application-Id"] = "LOAD"

request = function()
  counter = counter + 1
  return wrk.format(nil, "/1/indexes/catalog/query", nil, bodies[(counter % #bodies) + 1])
end

response = function(status, headers, body)
  if status ~= 200 then failures = failures + 1 end
end

done = function(summary, latency, requests)
  io.write(string.format("requests %d in %.1f s: %.0f/s; errors (non-200, socket) %d + %d/%d/%d/%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
  io.write(string.format("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000))
end
