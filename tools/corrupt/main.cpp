// gsolve-corrupt: copy a database with wrong records in it, for testing the
// verifiers (verify/fault_injector.h). Prints one line per changed position:
//   index <rank>  <kind>  "<position>"  old <record>  new <record>
// and, with --damage-frame, one line
//   damaged chunk T:C frame F  (<N> stored records)
// Exit 0 on success, 2 on a usage or I/O error.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <limits>

#include "src/cli/option_ranges.h"
#include "verify/fault_injector.h"
#include "verify/rule.h"

namespace {

// True when both paths name one file (./x, sub/../x, a symlink or a hard link
// to x): --force would then delete the input before copying it.
bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::equivalent(a, b, ec) && !ec) return true;
  const fs::path ca = fs::weakly_canonical(a, ec);
  if (ec) return false;
  const fs::path cb = fs::weakly_canonical(b, ec);
  return !ec && ca == cb;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gsolve;
  verify::InjectOptions o;
  CLI::App app{"gsolve-corrupt: copy a gsolve database and change some records (verifier tests)"};
  app.add_option("--db", o.in, "Database to copy (not changed)")->required();
  app.add_option("--out", o.out, "Copy to write")->required();
  cli::add_integer_option<std::uint64_t>(&app, "--count", o.count, 0, std::numeric_limits<std::int64_t>::max(),
                                         "Records to change (default 0)");
  cli::add_integer_option<std::uint64_t>(&app, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                                         "Seed: the same seed changes the same records (default 1)");
  app.add_option("--kind", o.kind, "value | remoteness | score (scored databases) | primitive | mixed (default mixed)")
      ->check(CLI::IsMember({"value", "remoteness", "score", "primitive", "mixed"}));
  app.add_flag("--damage-frame", o.damage_frame, "Also flip bytes inside one zstd frame that holds records");
  app.add_flag("--force", o.force, "Replace an existing --out file");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "gsolve-corrupt: error: %s\n", e.what());
    return 2;
  }
  if (same_file(o.in, o.out)) {
    std::fprintf(stderr, "gsolve-corrupt: error: --out %s is the input database itself: refusing to replace it\n",
                 gsolve::quote_input(o.out).c_str());
    return 2;
  }
  try {
    const auto result = verify::inject_faults(o);
    for (const auto& f : result.faults)
      fmt::print("index {}  {}  \"{}\"  old {}  new {}\n", f.rank, f.kind, f.position,
                 verify::record_text(f.old_record, result.scored, result.remoteness),
                 verify::record_text(f.new_record, result.scored, result.remoteness));
    if (result.damaged) fmt::print("damaged {}  ({} stored records)\n", result.damaged->where, result.damaged->records);
    std::fprintf(stderr, "gsolve-corrupt: %zu records changed%s in %s\n", result.faults.size(),
                 result.damaged ? ", one frame damaged," : "", o.out.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gsolve-corrupt: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
