#include "tools/go_measure/proven_dump.h"

#include <cstdio>
#include <cstdlib>

namespace gsolve::go_measure {
namespace {

// Where proven nodes are dumped ($GO_PREDICT_DUMP), appended.
struct PredictDump {
  std::FILE* f = nullptr;
  PredictDump() {
    if (const char* path = std::getenv("GO_PREDICT_DUMP"); path && *path) f = std::fopen(path, "ab");
  }
  ~PredictDump() {
    if (f) std::fclose(f);
  }
};
PredictDump dump_file;

struct PredictRecord {
  std::uint64_t black, white, prev_black, prev_white, legal;
  std::uint8_t move, black_to_move, passes, width, height, pass_legal, pad[2];
};
static_assert(sizeof(PredictRecord) == 48);

}  // namespace

bool proven_dumps() { return dump_file.f != nullptr; }

void proven_dump(const Go& go, const Go::Position& p, const Go::Position* before, const Go::Move* moves, int count,
                 Go::Move proving) {
  PredictRecord r{};
  r.black = p.black;
  r.white = p.white;
  if (before != nullptr) r.prev_black = before->black, r.prev_white = before->white;
  for (int i = 0; i < count; ++i) {
    if (moves[i] == Go::kPass)
      r.pass_legal = 1;
    else
      r.legal |= std::uint64_t{1} << moves[i];
  }
  r.move = static_cast<std::uint8_t>(proving);
  r.black_to_move = p.black_to_move;
  r.passes = p.passes;
  r.width = static_cast<std::uint8_t>(go.width());
  r.height = static_cast<std::uint8_t>(go.height());
  std::fwrite(&r, sizeof r, 1, dump_file.f);
}

}  // namespace gsolve::go_measure
