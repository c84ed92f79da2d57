// Connect 4 test-set lines ("<moves> <Pons score>", tests/data/connect4/Test_*
// and ref_*), read by search::run_benchmark_file from a file named for the 4x4
// board, so that every line that parses is also solved (fast) and checked.
// The reader throws std::runtime_error (ParseError is one) on a bad line and
// nothing else.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "src/search/test_set.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A private directory, removed at exit (the name gives the board size).
  static const struct TempDir {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("gsolve-fuzz-testset-" + std::to_string(::getpid()));
    TempDir() { std::filesystem::create_directories(dir); }
    ~TempDir() { std::filesystem::remove_all(dir); }
  } temp;
  static const std::string path = (temp.dir / "set_4x4.txt").string();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  FUZZ_CHECK(f != nullptr);
  FUZZ_CHECK(std::fwrite(data, 1, size, f) == size);
  std::fclose(f);
  gsolve::search::SearchOptions options;
  options.hash_mb = 1;
  try {
    const auto result = gsolve::search::run_benchmark_file(path, options, 16, false);
    FUZZ_CHECK(result.mismatches <= result.positions);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
