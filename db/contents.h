// What a database says about itself (its meta table), parsed once on open.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/chunk.h"
#include "db/database.h"

namespace gsolve::db {

struct Contents {
  std::string game;       // spec, e.g. "connect4:5x4"
  std::string objective;  // "full", "wdl" or "score" (no remoteness)
  std::string coverage;   // "complete" or "depth:N"
  std::string solver;
  std::string addressing;  // "rank" (dense chunks) or "keyed" (sparse runs)
  bool complete = false;   // every record written
  bool scored = false;     // records carry scores
  bool remoteness = true;  // records carry remoteness (all but objective "score")
  std::vector<std::uint64_t> tiers;
  ChunkLayout layout;

  // Throws DbError if the meta table lacks what a reader needs.
  static Contents read(const Database& db);
};

}  // namespace gsolve::db
