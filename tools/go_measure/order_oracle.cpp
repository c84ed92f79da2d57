#include "tools/go_measure/order_oracle.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace gsolve::go_measure {
namespace {

const char* env(const char* name, const char* otherwise) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? v : otherwise;
}

// The recorded proving children, read at start and written at exit.
struct Oracle {
  std::unordered_map<std::uint64_t, std::uint64_t> proving;
  const char* out = env("GSOLVE_ORDER_OUT", nullptr);
  const char* in = env("GSOLVE_ORDER_IN", nullptr);
  bool prune = std::strcmp(env("GSOLVE_ORDER_MODE", "prefer"), "prune") == 0;
  bool black = std::strcmp(env("GSOLVE_ORDER_SIDE", "black"), "white") != 0;
  bool white = std::strcmp(env("GSOLVE_ORDER_SIDE", "black"), "black") != 0;
  std::uint64_t factor = std::strtoull(env("GSOLVE_ORDER_K", "4"), nullptr, 10);
  int wrong_percent = std::atoi(env("GSOLVE_ORDER_WRONG", "0"));
  std::uint64_t used = 0, made_wrong = 0, child_missing = 0, pruned_disproven = 0;

  Oracle() {
    if (in == nullptr) return;
    if (FILE* f = std::fopen(in, "rb")) {
      std::uint64_t kv[2];
      while (std::fread(kv, sizeof kv, 1, f) == 1) proving[kv[0]] = kv[1];
      std::fclose(f);
    }
    std::fprintf(stderr, "order oracle: %zu proving children read from %s\n", proving.size(), in);
  }
  ~Oracle() {
    if (out != nullptr) {
      if (FILE* f = std::fopen(out, "wb")) {
        for (const auto& [key, child] : proving) {
          const std::uint64_t kv[2] = {key, child};
          std::fwrite(kv, sizeof kv, 1, f);
        }
        std::fclose(f);
      }
      std::fprintf(stderr, "order oracle: %zu proving children written to %s\n", proving.size(), out);
    }
    if (in != nullptr)
      std::fprintf(stderr,
                   "order oracle: %s, K %llu, preferred at %llu expansions (%llu of them a wrong child on "
                   "purpose), recorded child not among the children %llu, pruned and disproven %llu\n",
                   prune ? "prune" : "prefer", static_cast<unsigned long long>(factor),
                   static_cast<unsigned long long>(used), static_cast<unsigned long long>(made_wrong),
                   static_cast<unsigned long long>(child_missing), static_cast<unsigned long long>(pruned_disproven));
  }
};

Oracle oracle;

}  // namespace

int order_preferred(std::uint64_t key, bool black_to_move, const std::uint64_t* child_hashes, int count) {
  if (oracle.in == nullptr || !(black_to_move ? oracle.black : oracle.white)) return -1;
  const auto it = oracle.proving.find(key);
  if (it == oracle.proving.end()) return -1;
  int j = 0;
  while (j < count && child_hashes[j] != it->second) ++j;
  if (j == count) {
    ++oracle.child_missing;
    return -1;
  }
  ++oracle.used;
  if (count > 1 && static_cast<int>((key * 0x9E3779B97F4A7C15ull) >> 57) * 100 / 128 < oracle.wrong_percent) {
    ++oracle.made_wrong;
    return (j + 1) % count;
  }
  return j;
}

bool order_prunes() { return oracle.prune; }

std::uint64_t order_factor() { return oracle.factor; }

void order_proven(std::uint64_t key, std::uint64_t child) {
  if (oracle.out != nullptr) oracle.proving[key] = child;
}

void order_pruned_disproven() { ++oracle.pruned_disproven; }

}  // namespace gsolve::go_measure
