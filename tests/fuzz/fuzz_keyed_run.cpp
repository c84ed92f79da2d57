// Keyed run blobs (db/keyed_runs.h: the sparse records of a --store-depth
// database), seeded with real runs (tests/fuzz/corpus/keyed_run): decode_run
// gives false or pairs in strictly increasing rank order.
#include <vector>

#include "db/keyed_runs.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ZSTD_DCtx* dctx = ZSTD_createDCtx();
  FUZZ_CHECK(dctx != nullptr);
  std::vector<gsolve::db::RankedRecord> out;
  if (!gsolve::db::decode_run(std::string_view(reinterpret_cast<const char*>(data), size), dctx, out)) return 0;
  for (std::size_t i = 1; i < out.size(); ++i) FUZZ_CHECK(out[i - 1].first < out[i].first);
  return 0;
}
