// The meta table (db/contents.h), seeded with the meta of real databases
// (tests/fuzz/corpus/meta, tools/fuzz_seeds.sh). Input: key \0 value \0 key
// \0 value ... written into a scratch database's meta table; Contents::read
// must give contents or throw DbError (never a parser's own exception), and
// the tiers it gives must be a list a reader can use.
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "db/contents.h"
#include "db/database.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

struct Scratch {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("gsolve-fuzz-meta-" + std::to_string(::getpid()));
  std::unique_ptr<gsolve::db::Database> db;
  Scratch() {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = gsolve::db::Database::create((dir / "meta.gsdb").string());
  }
  ~Scratch() {
    db.reset();
    std::filesystem::remove_all(dir);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gsolve::db;
  static Scratch scratch;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  {
    WriteTxn txn(*scratch.db);
    FUZZ_CHECK(mdb_drop(txn.raw(), scratch.db->meta_dbi(), 0) == 0);
    while (!rest.empty()) {
      const auto k = rest.find('\0');
      if (k == std::string_view::npos || k == 0 || k > 400) break;  // LMDB keys: 1..511 bytes
      const std::string_view key = rest.substr(0, k);
      rest.remove_prefix(k + 1);
      const auto v = rest.find('\0');
      txn.put_meta(key, rest.substr(0, v));
      rest = v == std::string_view::npos ? std::string_view{} : rest.substr(v + 1);
    }
    txn.commit();
  }
  try {
    const Contents c = Contents::read(*scratch.db);
    FUZZ_CHECK(!c.tiers.empty());
    for (std::size_t t = 1; t < c.tiers.size(); ++t) FUZZ_CHECK(c.tiers[t - 1] <= c.tiers[t]);
  } catch (const DbError&) {
  }
  return 0;
}
